import type { CSSProperties } from "react";
import { Badge, Button, ThemeIcon } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconBroadcast, IconCalendarEvent } from "@tabler/icons-react";
import { TIMEZONE } from "@domain/constants";
import { intlLocale } from "@domain/locale";
import { sessionWhen, truncateEventName, type SessionWhen } from "@domain/events";
import { useLocalized } from "@/lib/localized";
import { todayEventsQueryOptions } from "../api/getTodayEvents";
import { RowSkeletons, Widget, WidgetEmpty, WidgetError } from "./Widget";
import classes from "./Widget.module.css";

const ROWS = 4;
const ROW = 60;
const HEIGHT = ROWS * ROW + (ROWS - 1) * 6;

/** "Séances en direct" of the home (SPEC §2): today's and tomorrow's sessions with their label, loaded after the home. */
export default function TodaySessions() {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const { data, isPending, isError, refetch } = useQuery(todayEventsQueryOptions);
  const now = new Date();
  const time = new Intl.DateTimeFormat(intlLocale(i18n.locale), {
    timeZone: TIMEZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const label = (w: SessionWhen) =>
    w === "ongoing" ? t`En cours` : w === "finished" ? t`Terminée` : w === "soon" ? t`Bientôt` : w === "today" ? t`Aujourd'hui` : w === "tomorrow" ? t`Demain` : t`Plus tard`;
  // On now and to come first, the finished ones last.
  const list = (data ?? [])
    .map((e) => ({ e, when: sessionWhen({ start: new Date(e.event.start_time), end: new Date(e.event.end_time) }, now) }))
    .sort((a, b) => Number(a.when === "finished") - Number(b.when === "finished"))
    .slice(0, ROWS);
  return (
    <Widget
      id="home-live-title"
      testId="home-live"
      icon={
        <ThemeIcon size={36} radius="xl" color="red" variant="light" aria-hidden>
          <IconBroadcast size={20} />
        </ThemeIcon>
      }
      title={<Trans>Séances en direct</Trans>}
      footer={
        <Button renderRoot={(props) => <Link to="/sessions" search={{ offset: 0 }} {...props} />} variant="default" fullWidth leftSection={<IconCalendarEvent size={16} aria-hidden />}>
          <Trans>Voir le calendrier</Trans>
        </Button>
      }
    >
      {isPending ? (
        <RowSkeletons count={ROWS} height={ROW} />
      ) : isError ? (
        <WidgetError minHeight={HEIGHT} onRetry={() => void refetch()}>
          <Trans>Impossible de charger les séances.</Trans>
        </WidgetError>
      ) : list.length === 0 ? (
        <WidgetEmpty minHeight={HEIGHT}>
          <Trans>Aucune séance aujourd'hui ni demain.</Trans>
        </WidgetEmpty>
      ) : (
        <ul className={classes.list} style={{ minBlockSize: HEIGHT }}>
          {list.map(({ e, when }) => (
            <li key={e.id}>
              <Link
                to="/sessions"
                search={{ offset: 0, eventId: e.id }}
                className={classes.row}
                style={{ "--row-height": `${ROW}px` } as CSSProperties}
                data-testid="home-live-session"
                data-when={when}
              >
                <span className={classes.badge} style={{ background: e.subject.color }} aria-hidden>
                  <IconBroadcast size={18} />
                </span>
                <span className={classes.main}>
                  <span className={classes.title} title={l(e)} dir="auto">
                    {truncateEventName(l(e), true)}
                  </span>
                  <span className={classes.meta}>
                    <bdi>{l(e.subject)}</bdi> · <bdi>{time.format(new Date(e.event.start_time))}</bdi>
                  </span>
                </span>
                <span className={classes.end}>
                  <Badge color={when === "ongoing" ? "red.8" : "gray"} variant={when === "ongoing" ? "filled" : "default"}>
                    {label(when)}
                  </Badge>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}
