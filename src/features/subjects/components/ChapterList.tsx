import { useId, type ReactNode } from "react";
import { Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { IconChevronRight } from "@tabler/icons-react";
import { abbreviateInstructor, chapterNumber, type ChapterEntryDto, type SectionDto } from "@domain/learning";
import { localized } from "@/lib/localized";
import { viewerLink } from "@/lib/links";
import { ProgressLine } from "./ProgressLine";
import classes from "./subjects.module.css";

interface Group {
  heading: string | null;
  position: number;
  entries: Array<{ entry: ChapterEntryDto; index: number }>;
}

/**
 * Chapters under their section headings. Sections belong to chapters (the API repeats "Cours", "Exercices"…
 * in each one), so a chapter goes under its first section by position, and sections of the same name are one
 * heading; chapters without sections come first, without a heading. Order inside a group is the API's.
 */
function groupBySection(chapters: readonly ChapterEntryDto[], locale = "fr"): Group[] {
  const groups = new Map<string, Group>();
  chapters.forEach((entry, index) => {
    const section: SectionDto | undefined = [...entry.chapter.chapter_sections].sort((a, b) => a.position - b.position)[0];
    const heading = (section && localized(section, locale).trim()) || null;
    const key = heading?.toLocaleLowerCase() ?? "";
    let group = groups.get(key);
    if (!group) {
      group = { heading, position: section?.position ?? -Infinity, entries: [] };
      groups.set(key, group);
    }
    group.entries.push({ entry, index });
  });
  return [...groups.values()].sort((a, b) => a.position - b.position);
}

/** The link to a chapter's first lesson (recordings have their own viewer). */
function firstLessonLink(subjectSlug: string, entry: ChapterEntryDto) {
  if (!entry.firstLessonSlug) return null;
  return viewerLink(subjectSlug, entry.chapter.slug, entry.firstLessonSlug, entry.chapter.type);
}

/** The chapters of one tab, numbered 01, 02… across the tab, grouped under their section headings. */
export function ChapterList({
  subjectSlug,
  chapters,
  extra,
}: {
  subjectSlug: string;
  chapters: readonly ChapterEntryDto[];
  /** Shown under a chapter's row, outside its link (e.g. keeping the chapter for offline study). */
  extra?: (entry: ChapterEntryDto) => ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap="lg">
      {groupBySection(chapters, i18n.locale).map((group) => (
        <section key={group.heading ?? ""}>
          {group.heading && (
            <Title order={2} fz="lg" mb="sm">
              {group.heading}
            </Title>
          )}
          <ul className={classes.list}>
            {group.entries.map(({ entry, index }) => (
              <li key={entry.chapter.id}>
                <ChapterRow subjectSlug={subjectSlug} entry={entry} index={index} />
                {extra && <div className={classes.chapterExtra}>{extra(entry)}</div>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}

function ChapterRow({ subjectSlug, entry, index }: { subjectSlug: string; entry: ChapterEntryDto; index: number }) {
  const { t, i18n } = useLingui();
  const name = localized(entry.chapter, i18n.locale);
  const count = entry.nbContent;
  const contents =
    entry.chapter.type === "exam"
      ? t({ message: plural(count, { one: "# Magazine", other: "# Magazines" }) })
      : t({ message: plural(count, { one: "# vidéo", other: "# vidéos" }) });
  const instructor = abbreviateInstructor(entry.instructor);
  const link = firstLessonLink(subjectSlug, entry);
  const id = useId();
  const body = (
    <>
      <span className={classes.number} aria-hidden data-testid="chapter-number" id={`${id}-number`}>
        {chapterNumber(index)}
      </span>
      <Stack gap={4} className={classes.grow}>
        <Text fw={700} lineClamp={2} data-testid="chapter-name" id={`${id}-name`} dir="auto">
          {name}
        </Text>
        <Text size="sm" c="dimmed" id={`${id}-meta`}>
          {/* Isolated runs: "M. Ben Ali · 3 فيديوهات" keeps its order in Arabic. */}
          {instructor && (
            <>
              <bdi data-testid="chapter-instructor">{instructor}</bdi>
              {" · "}
            </>
          )}
          <bdi data-testid="chapter-count">{contents}</bdi>
        </Text>
        <ProgressLine value={entry.progress} label={t`Progression du chapitre ${name}`} percentId={`${id}-percent`} />
      </Stack>
      {link && <IconChevronRight size={20} aria-hidden className="darsi-flip" style={{ flexShrink: 0 }} />}
    </>
  );
  if (!link) {
    return (
      <div className={classes.chapterRow} data-testid="chapter-row">
        {body}
      </div>
    );
  }
  return (
    <Link
      {...link}
      className={classes.chapterRow}
      data-testid="chapter-row"
      // "01 Name, M. Ben Ali · 3 vidéos, 40 %" rather than the progress bar's own label.
      aria-labelledby={`${id}-number ${id}-name ${id}-meta ${id}-percent`}
    >
      {body}
    </Link>
  );
}
