import "@mantine/core/styles/Tabs.css";
import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { refName } from "@/lib/reference";
import type { MessageDescriptor } from "@lingui/core";
import type { ChapterEntryDto } from "@domain/learning";
import { lazy, type ReactNode } from "react";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { subjectChaptersQueryOptions } from "../api/getSubjectChapters";
import { ChapterList } from "../components/ChapterList";
import { PromoCards } from "../components/PromoCards";
import { SubjectSideCard } from "../components/SubjectSideCard";
import { DEFAULT_SUBJECT_TAB, SUBJECT_TABS, type SubjectTab } from "../tabs";
import classes from "../components/subjects.module.css";
import { OnDemand } from "@/components/OnDemand";

/** The subject's activity charts and their library: loaded when the block nears the screen. */
const ActivitySubjectBlock = lazy(() =>
  import("../components/ActivitySubjectBlock").then((m) => ({
    default: m.ActivitySubjectBlock,
  })),
);

const TAB_LABELS: Record<SubjectTab, MessageDescriptor> = {
  course: msg`Cours`,
  exam: msg`Examens`,
  recording: msg`Enregistrements`,
  divers: msg`Divers`,
};

export interface SubjectDetailsScreenProps {
  slug: string;
  /** The tab of the URL (`?tab=`); a missing or empty tab falls back to Cours, or the first tab with chapters. */
  tab?: SubjectTab;
  onTabChange: (tab: SubjectTab) => void;
  /** What the route adds under each chapter (keeping it for offline study: the lessons feature's control). */
  chapterExtra?: (entry: ChapterEntryDto) => ReactNode;
  /** What the route shows at the top of a tab (the Examens tab: the subject's exams and live sessions); such a tab is enabled. */
  tabExtra?: Partial<Record<SubjectTab, ReactNode>>;
}

/** Picks the tab to show: the asked one if it has chapters, else Cours, else the first tab with chapters. */
function resolveTab(asked: SubjectTab | undefined, byTab: Record<SubjectTab, ChapterEntryDto[]>): SubjectTab {
  if (asked && byTab[asked].length > 0) return asked;
  if (byTab[DEFAULT_SUBJECT_TAB].length > 0) return DEFAULT_SUBJECT_TAB;
  return SUBJECT_TABS.find((t) => byTab[t].length > 0) ?? DEFAULT_SUBJECT_TAB;
}

/**
 * /subjects/{subject}/details: tabs of chapters, the side card, the activity charts and the promo cards. On phones the
 * chapters come first (right under the title), then the side card, the charts and the promo cards; from 900 px the
 * side card and the promo cards form a column beside the chapters and the charts.
 */
export function SubjectDetailsScreen({ slug, tab, onTabChange, chapterExtra, tabExtra }: SubjectDetailsScreenProps) {
  const { i18n, t } = useLingui();
  const { data } = useSuspenseQuery(subjectChaptersQueryOptions(slug));
  const subjectName = refName(data.subject, i18n.locale);
  useDocumentTitle(subjectName);
  const byTab = Object.fromEntries(SUBJECT_TABS.map((t) => [t, data.chapters.filter((c) => c.chapter.type === t)])) as Record<
    SubjectTab,
    ChapterEntryDto[]
  >;
  const current = tab && byTab[tab].length === 0 && tabExtra?.[tab] ? tab : resolveTab(tab, byTab);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        {subjectName}
      </Title>
      <div className={classes.layout}>
        <div className={classes.main}>
          <Tabs value={current} onChange={(v) => v && onTabChange(v as SubjectTab)} keepMounted={false}>
            <Tabs.List mb="md">
              {SUBJECT_TABS.map((t) => (
                <Tabs.Tab key={t} value={t} disabled={byTab[t].length === 0 && !tabExtra?.[t]} data-testid={`tab-${t}`}>
                  {i18n._(TAB_LABELS[t])}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {SUBJECT_TABS.map((t) => (
              <Tabs.Panel key={t} value={t}>
                {tabExtra?.[t]}
                {byTab[t].length > 0 ? (
                  <ChapterList subjectSlug={slug} chapters={byTab[t]} extra={chapterExtra} />
                ) : (
                  <Text c="dimmed">
                    <Trans>Aucun chapitre pour le moment</Trans>
                  </Text>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </div>
        <aside className={classes.side} aria-label={t`À propos de la matière`}>
          <SubjectSideCard subject={data.subject} otherSubjects={data.otherSubjects} />
        </aside>
        <div className={classes.activity}>
          <OnDemand minHeight={640} testId="subject-activity-loading">
            <ActivitySubjectBlock slug={slug} />
          </OnDemand>
        </div>
        {data.promoCards.some((c) => c.visible !== false) && (
          <aside className={classes.promos} aria-label={t`À découvrir`}>
            <PromoCards cards={data.promoCards} />
          </aside>
        )}
      </div>
    </Stack>
  );
}
