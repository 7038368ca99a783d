import { Anchor, Progress, Text, ThemeIcon } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconChartBar } from "@tabler/icons-react";
import { capPercentage } from "@domain/learning";
import { refName } from "@/lib/reference";
import { subjectsQueryOptions } from "@/lib/subjects";
import { usePercent } from "./format";
import { RowSkeletons, Widget, WidgetEmpty, WidgetError } from "./Widget";
import classes from "./Widget.module.css";
import tap from "@/components/tapTarget.module.css";

/** SPEC §9: "Home shows up to 5 subjects by position for progress". */
const HOME_PROGRESS_SUBJECTS = 5;
const ROW = 52;
const LIST_HEIGHT = HOME_PROGRESS_SUBJECTS * ROW + (HOME_PROGRESS_SUBJECTS - 1) * 6;

/** "Ma progression": the first five subjects by position with their progress (capped at 100), each to its page. */
export function ProgressWidget() {
  const { t, i18n } = useLingui();
  const percent = usePercent();
  const { data, isPending, isError, refetch } = useQuery(subjectsQueryOptions());
  const subjects = (data ?? []).slice(0, HOME_PROGRESS_SUBJECTS);
  return (
    <Widget
      id="home-progress-title"
      testId="home-progress"
      icon={
        <ThemeIcon size={36} radius="xl" color="teal" variant="light" aria-hidden>
          <IconChartBar size={20} />
        </ThemeIcon>
      }
      title={<Trans>Ma progression</Trans>}
      action={
        <Anchor component={Link} to="/subjects" size="sm" fw={600} className={tap.target} data-testid="home-progress-all">
          <Trans>Tout voir</Trans>
        </Anchor>
      }
    >
      {isPending ? (
        <RowSkeletons count={HOME_PROGRESS_SUBJECTS} height={ROW} />
      ) : isError ? (
        <WidgetError minHeight={LIST_HEIGHT} onRetry={() => void refetch()}>
          <Trans>Impossible de charger vos matières.</Trans>
        </WidgetError>
      ) : subjects.length === 0 ? (
        <WidgetEmpty minHeight={LIST_HEIGHT}>
          <Trans>Aucune matière pour votre classe pour le moment.</Trans>
        </WidgetEmpty>
      ) : (
        <ul className={classes.list} style={{ minBlockSize: LIST_HEIGHT }}>
          {subjects.map((s) => {
            const name = refName(s, i18n.locale);
            const value = capPercentage(s.progress);
            return (
              <li key={s.id}>
                <Link to="/subjects/$subject/details" params={{ subject: s.slug }} className={classes.progressRow} data-testid="home-progress-subject">
                  <span className={classes.progressLine}>
                    <span className={classes.progressLine} style={{ justifyContent: "flex-start" }}>
                      <span className={classes.dot} style={{ background: s.color }} aria-hidden />
                      <Text component="span" size="sm" fw={600} truncate>
                        {name}
                      </Text>
                    </span>
                    <Text component="span" size="sm" fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
                      {percent(value)}
                    </Text>
                  </span>
                  <Progress value={value} size="sm" radius="xl" color={s.color} aria-label={t`Progression en ${name}`} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Widget>
  );
}

