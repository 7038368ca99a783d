import { describe, expect, it } from "vitest";
import {
  countdown,
  eventStatus,
  needsPurchase,
  sessionAction,
  sessionWhen,
  truncateEventName,
  type SessionFacts,
  type SessionViewer,
} from "./events";

const pupil: SessionViewer = { isProfSon: false, versPilote: false, divisionId: 18 };
const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({ disabled: false, versPilote: false, chapterId: null, owned: false, participated: false, ...over });
const t = (iso: string) => new Date(iso);

describe("status: En Cours / Bientôt / Terminée", () => {
  const ev = { start: t("2026-11-24T10:00:00Z"), end: t("2026-11-24T11:00:00Z") };
  it("is upcoming before the start, ongoing from it, finished from the end", () => {
    expect(eventStatus(ev, t("2026-11-24T09:59:59Z"))).toBe("upcoming");
    expect(eventStatus(ev, t("2026-11-24T10:00:00Z"))).toBe("ongoing");
    expect(eventStatus(ev, t("2026-11-24T11:00:00Z"))).toBe("finished");
  });
});

describe("action: Acheter / Participer / Commencer / Fermer", () => {
  it("closes a disabled session whatever else", () => {
    expect(sessionAction(facts({ disabled: true, participated: true }), pupil)).toBe("close");
    expect(sessionAction(facts({ disabled: true, chapterId: 3 }), pupil)).toBe("close");
  });
  it("sells a module-linked session not bought, then joins and starts", () => {
    expect(sessionAction(facts({ chapterId: 3 }), pupil)).toBe("buy");
    expect(sessionAction(facts({ chapterId: 3, owned: true }), pupil)).toBe("join");
    expect(sessionAction(facts({ chapterId: 3, owned: true, participated: true }), pupil)).toBe("start");
    expect(sessionAction(facts(), pupil)).toBe("join");
    expect(sessionAction(facts({ participated: true }), pupil)).toBe("start");
  });
  it("lets teachers' children and versPilote pupils join non-versPilote modules directly, versPilote ones only in division 31", () => {
    for (const viewer of [{ ...pupil, isProfSon: true }, { ...pupil, versPilote: true }]) {
      expect(needsPurchase(facts({ chapterId: 3 }), viewer)).toBe(false);
      expect(needsPurchase(facts({ chapterId: 3, versPilote: true }), viewer)).toBe(true);
      expect(needsPurchase(facts({ chapterId: 3, versPilote: true }), { ...viewer, divisionId: 31 })).toBe(false);
    }
    expect(needsPurchase(facts({ chapterId: 3, versPilote: true }), { ...pupil, divisionId: 31 })).toBe(true);
  });
});

describe("countdown: 1 to 13 days and hours", () => {
  const now = t("2026-11-24T10:00:00Z");
  it("gives days, hours and minutes up to 13 days, then nothing", () => {
    expect(countdown(t("2026-11-24T10:30:00Z"), now)).toEqual({ days: 0, hours: 0, minutes: 30 });
    expect(countdown(t("2026-11-26T13:15:00Z"), now)).toEqual({ days: 2, hours: 3, minutes: 15 });
    expect(countdown(t("2026-12-07T23:00:00Z"), now)).toEqual({ days: 13, hours: 13, minutes: 0 });
    expect(countdown(t("2026-12-08T10:00:00Z"), now)).toBeNull();
    expect(countdown(now, now)).toBeNull();
  });
});

describe("home labels: ongoing, finished, soon, today, tomorrow", () => {
  const now = t("2026-11-24T10:00:00Z"); // 11:00 in Tunis
  const ev = (startIso: string, minutes = 60) => ({ start: t(startIso), end: new Date(t(startIso).getTime() + minutes * 60_000) });
  it("labels each session from now", () => {
    expect(sessionWhen(ev("2026-11-24T09:30:00Z"), now)).toBe("ongoing");
    expect(sessionWhen(ev("2026-11-24T08:00:00Z"), now)).toBe("finished");
    expect(sessionWhen(ev("2026-11-24T10:45:00Z"), now)).toBe("soon");
    expect(sessionWhen(ev("2026-11-24T17:00:00Z"), now)).toBe("today");
    expect(sessionWhen(ev("2026-11-24T23:30:00Z"), now)).toBe("tomorrow"); // 00:30 in Tunis
    expect(sessionWhen(ev("2026-11-26T17:00:00Z"), now)).toBe("later");
  });
});

describe("names: 30 characters on a desktop, 60 on a phone", () => {
  const long = "Séance spéciale bac blanc en Mathématiques avec résolution détaillée des sujets";
  it("cuts with an ellipsis, keeps short names", () => {
    expect(truncateEventName(long, false)).toBe(`${Array.from(long).slice(0, 30).join("").trimEnd()}…`);
    expect(Array.from(truncateEventName(long, true)).length).toBeLessThanOrEqual(61);
    expect(truncateEventName("Physique", false)).toBe("Physique");
    expect(truncateEventName("ا".repeat(30), false)).toBe("ا".repeat(30));
  });
});
