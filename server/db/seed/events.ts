import { randomBytes } from "node:crypto";
import { and, eq, gt, gte, lte, sql } from "drizzle-orm";
import { addDays, tunisDay, tunisMidnight, tunisWeek } from "../../../domain/days";
import type { Db } from "../client";
import { selectRows } from "../rows";
import { chapters, liveEvents, subjects } from "../schema";

const HOUR = 3_600_000;
const MINUTE = 60_000;

interface SubjectPick {
  id: number;
  name: string;
  nameAr: string;
  nameEn: string | null;
  divisionId: number;
  chapterId: number | null;
  chapterName: string | null;
  chapterNameAr: string | null;
  chapterNameEn: string | null;
  instructorId: number | null;
}

/** At `hour`:`minute` in Tunis on the day `day` (YYYY-MM-DD). */
const at = (day: string, hour: number, minute = 0) => new Date(tunisMidnight(day).getTime() + hour * HOUR + minute * MINUTE);

/** The first three visible subjects of each class, with a course chapter (the module sold with a session) and its teacher. */
async function pickSubjects(db: Db): Promise<Map<number, SubjectPick[]>> {
  const picked = await selectRows<SubjectPick>(
    db,
    sql`
    select s.id, s.name, s.name_ar as "nameAr", s.name_en as "nameEn", s.division_id as "divisionId",
      (select c.id from ${chapters} c where c.subject_id = s.id and c.type = 'course' order by c.position, c.id limit 1) as "chapterId",
      (select c.name from ${chapters} c where c.subject_id = s.id and c.type = 'course' order by c.position, c.id limit 1) as "chapterName",
      (select c.name_ar from ${chapters} c where c.subject_id = s.id and c.type = 'course' order by c.position, c.id limit 1) as "chapterNameAr",
      (select c.name_en from ${chapters} c where c.subject_id = s.id and c.type = 'course' order by c.position, c.id limit 1) as "chapterNameEn",
      (select c.instructor_id from ${chapters} c where c.subject_id = s.id and c.instructor_id is not null order by c.position, c.id limit 1) as "instructorId"
    from ${subjects} s
    where s.visible and s.active
    order by s.division_id, s.position, s.id`,
  );
  const byClass = new Map<number, SubjectPick[]>();
  for (const raw of picked) {
    const r: SubjectPick = {
      ...raw,
      id: Number(raw.id),
      divisionId: Number(raw.divisionId),
      chapterId: raw.chapterId === null ? null : Number(raw.chapterId),
      instructorId: raw.instructorId === null ? null : Number(raw.instructorId),
    };
    const list = byClass.get(r.divisionId) ?? [];
    if (list.length < 3) list.push(r);
    byClass.set(r.divisionId, list);
  }
  return byClass;
}

type NewEvent = typeof liveEvents.$inferInsert;
const room = () => `darsi-${randomBytes(6).toString("hex")}`;

function base(s: SubjectPick, start: Date, minutes: number): Pick<NewEvent, "divisionId" | "subjectId" | "instructorId" | "startAt" | "endAt" | "roomKey" | "demo"> {
  return { divisionId: s.divisionId, subjectId: s.id, instructorId: s.instructorId, startAt: start, endAt: new Date(start.getTime() + minutes * MINUTE), roomKey: room(), demo: true };
}

/** The ongoing session of a class: started 30 minutes ago (on a 5-minute mark), three hours long. */
function ongoing(s: SubjectPick, now: Date): NewEvent {
  const start = new Date(Math.floor((now.getTime() - 30 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
  return {
    ...base(s, start, 180),
    name: `Révision en direct : ${s.name}`,
    nameAr: `مراجعة مباشرة: ${s.nameAr}`,
    nameEn: `Live revision: ${s.nameEn ?? s.name}`,
    description: "Questions-réponses avec l'enseignant sur les exercices de la semaine.",
  };
}

/** Two weeks of sessions of one class around `now`: today's (finished, soon, later), a bought-separately module, versPilote, a closed one. */
function weekOfClass(list: SubjectPick[], now: Date): NewEvent[] {
  const [s1, s2 = s1!, s3 = s2] = list as [SubjectPick, SubjectPick?, SubjectPick?];
  const today = tunisDay(now);
  const { days } = tunisWeek(now, 0);
  const next = tunisWeek(now, 1).days;
  const out: NewEvent[] = [ongoing(s1, now)];
  out.push({
    ...base(s2, new Date(Math.ceil((now.getTime() + 40 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE), 75),
    name: `Exercices corrigés : ${s2.name}`,
    nameAr: `تمارين مصلحة: ${s2.nameAr}`,
    nameEn: `Worked exercises: ${s2.nameEn ?? s2.name}`,
    description: "Correction commentée de la série d'exercices.",
  });
  out.push({
    ...base(s3, new Date(Math.floor((now.getTime() - 4 * HOUR) / (5 * MINUTE)) * 5 * MINUTE), 60),
    name: `Méthodologie : ${s3.name}`,
    nameAr: `منهجية: ${s3.nameAr}`,
    nameEn: `Method: ${s3.nameEn ?? s3.name}`,
    description: "Comment organiser ses révisions.",
  });
  out.push({
    ...base(s1, new Date(Math.ceil((now.getTime() + 3 * HOUR) / (5 * MINUTE)) * 5 * MINUTE), 90),
    name: `Séance spéciale bac blanc en ${s1.name} avec résolution détaillée des sujets`,
    nameAr: `حصة خاصة بالباكالوريا البيضاء في ${s1.nameAr}`,
    nameEn: `Mock exam special in ${s1.nameEn ?? s1.name} with detailed solutions`,
    description: "Une longue séance pour réviser les sujets du bac blanc.",
  });
  // A module (the subject's first course chapter) sold on its own: four sessions over the two weeks, 18:00.
  if (s1.chapterId !== null) {
    for (const day of new Set([days[0]!.date, days[2]!.date, addDays(today, 1), next[1]!.date])) {
      out.push({
        ...base(s1, at(day, 18), 90),
        chapterId: s1.chapterId,
        price: 15_000,
        name: `Module ${s1.chapterName ?? s1.name}`,
        nameAr: `وحدة ${s1.chapterNameAr ?? s1.nameAr}`,
        nameEn: `Module ${s1.chapterNameEn ?? s1.nameEn ?? s1.name}`,
        description: "Un module de séances en direct, acheté à part.",
      });
    }
  }
  // versPilote sessions (the pilot schools' programme), module-linked too.
  if (s2.chapterId !== null) {
    for (const day of [days[3]!.date, next[3]!.date]) {
      out.push({
        ...base(s2, at(day, 16), 60),
        chapterId: s2.chapterId,
        versPilote: true,
        price: 10_000,
        name: `Vers le pilote : ${s2.name}`,
        nameAr: `نحو النموذجي: ${s2.nameAr}`,
        nameEn: `Towards pilot schools: ${s2.nameEn ?? s2.name}`,
        description: "Préparation au concours des lycées pilotes.",
      });
    }
  }
  out.push({
    ...base(s3, at(next[5]!.date, 10), 60),
    disabled: true,
    name: `Atelier annulé : ${s3.name}`,
    nameAr: `ورشة ملغاة: ${s3.nameAr}`,
    nameEn: `Cancelled workshop: ${s3.nameEn ?? s3.name}`,
    description: "Cette séance n'aura pas lieu.",
  });
  out.push(
    {
      ...base(s2, at(next[0]!.date, 17), 90),
      name: `Cours en direct : ${s2.name}`,
      nameAr: `درس مباشر: ${s2.nameAr}`,
      nameEn: `Live lesson: ${s2.nameEn ?? s2.name}`,
      description: "Nouveau chapitre, en direct.",
    },
    {
      ...base(s3, at(next[2]!.date, 15), 90),
      name: `Cours en direct : ${s3.name}`,
      nameAr: `درس مباشر: ${s3.nameAr}`,
      nameEn: `Live lesson: ${s3.nameEn ?? s3.name}`,
      description: "Nouveau chapitre, en direct.",
    },
  );
  return out;
}

/**
 * Live sessions, reviews and attendance (issue 10): the demo's sessions of every class, kept fresh at each boot: when a
 * class has no demo session from this week on, two weeks of them are made around now; when none is on right now, an
 * ongoing one is added, so a demo started at any time of day has a session to join. Returns true when it added any.
 */
export async function seedEvents(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  if (!opts.demo) return false;
  const byClass = await pickSubjects(db);
  const weekStart = tunisWeek(now, 0).start;
  const rows: NewEvent[] = [];
  for (const [divisionId, list] of byClass) {
    if (!list.length) continue;
    const [fresh] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveEvents)
      .where(and(eq(liveEvents.divisionId, divisionId), eq(liveEvents.demo, true), gte(liveEvents.startAt, weekStart)));
    if (!fresh?.n) {
      rows.push(...weekOfClass(list, now));
      continue;
    }
    const [on] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.divisionId, divisionId),
          eq(liveEvents.disabled, false),
          sql`${liveEvents.chapterId} is null`,
          lte(liveEvents.startAt, now),
          gt(liveEvents.endAt, new Date(now.getTime() + HOUR)),
        ),
      );
    if (!on?.n) rows.push(ongoing(list[0]!, now));
  }
  if (!rows.length) return false;
  await db.insert(liveEvents).values(rows);
  return true;
}
