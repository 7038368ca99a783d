import type { CSSProperties } from "react";
import { Button, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBroadcast, IconCircleCheckFilled, IconLock, IconPlayerPlayFilled, IconVideo } from "@tabler/icons-react";
import { HOME_LATEST_RECORDINGS, type LatestRecordingDto } from "@domain/home";
import { isCompleted } from "@domain/learning";
import { formatDate } from "@/lib/format";
import { refName } from "@/lib/reference";
import { localized } from "@/lib/localized";
import { latestRecordingsQueryOptions } from "../api/getLatestRecordings";
import { useFormatDuration, usePercent } from "./format";
import { RowSkeletons, Widget, WidgetEmpty, WidgetError } from "./Widget";
import classes from "./Widget.module.css";

const ROW = 60;
const GAP = 6;
const RECORDINGS_LIST_HEIGHT = HOME_LATEST_RECORDINGS * ROW + (HOME_LATEST_RECORDINGS - 1) * GAP;

function RecordingRow({ rec }: { rec: LatestRecordingDto }) {
  const { t, i18n } = useLingui();
  const percent = usePercent();
  const formatDuration = useFormatDuration();
  const date = formatDate(rec.recorded_at);
  const subject = refName(rec.subject, i18n.locale);
  const name = localized(rec, i18n.locale);
  const duration = rec.duration ? formatDuration(rec.duration) : null;
  const done = isCompleted(rec.percentage);
  return (
    <li>
      <Link
        to="/subjects/$subject/chapters/$chapter/recordings/$recording/content"
        params={{ subject: rec.subject.slug, chapter: rec.chapter.slug, recording: rec.slug }}
        className={classes.row}
        style={{ "--row-height": `${ROW}px` } as CSSProperties}
        data-testid="home-recording"
        data-locked={rec.locked || undefined}
      >
        <span className={classes.badge} style={{ background: rec.subject.color }} aria-hidden>
          {rec.locked ? <IconLock size={18} /> : <IconPlayerPlayFilled size={18} />}
        </span>
        <span className={classes.main}>
          <span className={classes.title} title={name} dir="auto">
            {name}
          </span>
          <span className={classes.meta}>
            <bdi>{subject}</bdi> · {date}
            {duration && (
              <>
                {" · "}
                <bdi>{duration}</bdi>
              </>
            )}
          </span>
        </span>
        <span className={classes.end}>
          {rec.locked ? (
            <VisuallyHidden>{t`Verrouillé`}</VisuallyHidden>
          ) : done ? (
            <>
              <IconCircleCheckFilled size={18} color="var(--mantine-color-teal-7)" aria-hidden />
              <VisuallyHidden>{t`Terminé`}</VisuallyHidden>
            </>
          ) : rec.percentage > 0 ? (
            percent(rec.percentage)
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/**
 * "Derniers cours enregistrés" (SPEC §2 home widgets): the latest recorded live sessions of the pupil's class, each
 * opening the recording viewer (a locked one shows its lock screen there, leading to the offers).
 */
export function LatestRecordings() {
  const { data, isPending, isError, refetch } = useQuery(latestRecordingsQueryOptions());
  return (
    <Widget
      id="home-recordings-title"
      testId="home-recordings"
      icon={
        <ThemeIcon size={36} radius="xl" color="red" variant="light" aria-hidden>
          <IconVideo size={20} />
        </ThemeIcon>
      }
      title={<Trans>Derniers cours enregistrés</Trans>}
      footer={
        <Button component={Link} to="/sessions" variant="default" fullWidth leftSection={<IconBroadcast size={16} aria-hidden />}>
          <Trans>Voir les séances en direct</Trans>
        </Button>
      }
    >
      {isPending ? (
        <RowSkeletons count={HOME_LATEST_RECORDINGS} height={ROW} />
      ) : isError ? (
        <WidgetError minHeight={RECORDINGS_LIST_HEIGHT} onRetry={() => void refetch()}>
          <Trans>Impossible de charger les cours enregistrés.</Trans>
        </WidgetError>
      ) : data.length === 0 ? (
        <WidgetEmpty minHeight={RECORDINGS_LIST_HEIGHT}>
          <Trans>Aucun cours enregistré pour le moment.</Trans>
        </WidgetEmpty>
      ) : (
        <ul className={classes.list} style={{ minBlockSize: RECORDINGS_LIST_HEIGHT }}>
          {data.map((rec) => (
            <RecordingRow key={rec.id} rec={rec} />
          ))}
        </ul>
      )}
    </Widget>
  );
}
