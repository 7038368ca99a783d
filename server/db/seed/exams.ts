/**
 * Exams (issue 10): for every class, a few exams of its first subjects — bacs blancs and devoirs — around "now" so
 * that a pupil sees expired, open and upcoming ones, each with its four files (the subject, the homework sheet and the
 * two corrections): real one-page PDFs the server makes with pdf-lib on their first read (services/exams/pdf.ts; the
 * seed stores only their description, size 0 until then; no binary in the repository).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { selectRows } from "../rows";
import { examDocuments, exams } from "../schema";
import { generatedKey } from "../../services/exams/pdf";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface Plan {
  kind: "bac_blanc" | "devoir";
  label: [fr: string, ar: string, en: string];
  appear: number;
  due: number;
  duration: number;
}

/** Relative to "now": one expired, several open (one with the default duration 0 = 60 min), one upcoming. */
const PLANS: Plan[] = [
  { kind: "devoir", label: ["Devoir de contrôle n°1", "فرض مراقبة عدد 1", "Test no. 1"], appear: -12 * DAY, due: -5 * DAY, duration: 60 },
  { kind: "devoir", label: ["Devoir de synthèse n°1", "فرض تأليفي عدد 1", "End-of-term test no. 1"], appear: -1 * DAY, due: 6 * DAY, duration: 0 },
  { kind: "bac_blanc", label: ["Bac blanc", "باكالوريا بيضاء", "Mock bac"], appear: -3 * HOUR, due: 3 * DAY, duration: 120 },
  { kind: "devoir", label: ["Devoir de contrôle n°2", "فرض مراقبة عدد 2", "Test no. 2"], appear: -2 * DAY, due: 9 * DAY, duration: 90 },
  { kind: "devoir", label: ["Devoir de maison", "فرض منزلي", "Homework assignment"], appear: -6 * HOUR, due: 12 * DAY, duration: 45 },
  { kind: "devoir", label: ["Devoir de synthèse n°2", "فرض تأليفي عدد 2", "End-of-term test no. 2"], appear: 2 * DAY, due: 9 * DAY, duration: 60 },
];

const DOCS = [
  { kind: "exam", name: "sujet.pdf", title: "Sujet" },
  { kind: "homework", name: "feuille-de-devoir.pdf", title: "Feuille de devoir" },
  { kind: "homework_correction", name: "correction-devoir.pdf", title: "Correction du devoir" },
  { kind: "exam_correction", name: "correction-examen.pdf", title: "Correction de l'examen" },
] as const;

export async function seedExams(db: Db, now: Date, opts: { demo: boolean }): Promise<boolean> {
  if (!opts.demo) return false;
  const existing = await selectRows<{ one: number }>(db, sql`select 1 as one from exams limit 1`);
  if (existing.length > 0) return false;
  // The first two subjects (by position) of every class, with the instructor of one of their chapters.
  type SubjectRow = { id: number; name: string; name_ar: string; name_en: string | null; division: string; instructor_id: number | null; rank: number | string };
  const subjects = (
    await selectRows<SubjectRow>(
      db,
      sql`
    select s.id, s.name, s.name_ar, s.name_en, s.division_id, d.name as division,
      (select ch.instructor_id from chapters ch where ch.subject_id = s.id and ch.instructor_id is not null order by ch.position limit 1) as instructor_id,
      row_number() over (partition by s.division_id order by s.position, s.id) as rank
    from subjects s join divisions d on d.id = s.division_id
    where s.visible and s.active`,
    )
  ).filter((s) => Number(s.rank) <= 2);
  if (subjects.length === 0) return false;
  // Whole minutes, so that the demo's dates read well.
  const base = Math.floor(now.getTime() / 60_000) * 60_000;
  await db.transaction(async (tx) => {
    for (const s of subjects) {
      // The first subject gets every plan; the second a devoir open now and an expired one.
      const plans = Number(s.rank) === 1 ? PLANS : [PLANS[0]!, PLANS[1]!];
      for (const p of plans) {
        const [exam] = await tx
          .insert(exams)
          .values({
            subjectId: Number(s.id),
            instructorId: s.instructor_id === null ? null : Number(s.instructor_id),
            name: `${p.label[0]} — ${s.name}`,
            nameAr: `${p.label[1]} — ${s.name_ar}`,
            nameEn: `${p.label[2]} — ${s.name_en ?? s.name}`,
            kind: p.kind,
            appearanceDate: new Date(base + p.appear),
            dueDate: new Date(base + p.due),
            duration: p.duration,
          })
          .returning({ id: exams.id });
        await tx.insert(examDocuments).values(
          DOCS.map((d) => {
            const key = generatedKey(`${d.title} — ${p.label[0]}`, [`${s.name} — ${s.division}`, "Darsi", `Durée : ${p.duration || 60} minutes`]);
            return { examId: exam!.id, kind: d.kind, name: d.name, storageKey: key, size: 0, mime: "application/pdf" };
          }),
        );
      }
    }
  });
  return true;
}
