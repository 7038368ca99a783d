import { useCallback } from "react";
import { useLingui } from "@lingui/react/macro";
import { TIMEZONE } from "@domain/constants";
import { tunisNoon } from "@domain/days";
import { countdown, type EventStatus, type SessionAction, type SessionWhen } from "@domain/events";
import { intlLocale } from "@domain/locale";

/** The words of a session: status, action, countdown, when, time and day, in the pupil's language. */
export function useSessionLabels() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const status = useCallback(
    (s: EventStatus) => (s === "ongoing" ? t`En Cours` : s === "upcoming" ? t`Bientôt` : t`Terminée`),
    [t],
  );
  const action = useCallback(
    (a: SessionAction) => (a === "buy" ? t`Acheter` : a === "join" ? t`Participer` : a === "start" ? t`Commencer` : t`Fermer`),
    [t],
  );
  const when = useCallback(
    (w: SessionWhen) =>
      w === "ongoing" ? t`En cours` : w === "finished" ? t`Terminée` : w === "soon" ? t`Bientôt` : w === "today" ? t`Aujourd'hui` : w === "tomorrow" ? t`Demain` : t`Plus tard`,
    [t],
  );
  /** "Commence dans 2 j 3 h" (1–13 days and hours), "Commence dans 3 h 15 min", or null. */
  const startsIn = useCallback(
    (start: Date, now: Date) => {
      const c = countdown(start, now);
      if (!c) return null;
      const { days, hours, minutes } = c;
      if (days > 0) return t`Commence dans ${days} j ${hours} h`;
      if (hours > 0) return t`Commence dans ${hours} h ${minutes} min`;
      return t`Commence dans ${minutes} min`;
    },
    [t],
  );
  const time = useCallback(
    (iso: string) => new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIMEZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso)),
    [locale],
  );
  /** "lundi 23 novembre" of a `YYYY-MM-DD` day. */
  const day = useCallback(
    (date: string) =>
      new Intl.DateTimeFormat(intlLocale(locale), { timeZone: TIMEZONE, weekday: "long", day: "numeric", month: "long" }).format(tunisNoon(date)),
    [locale],
  );
  return { status, action, when, startsIn, time, day };
}
