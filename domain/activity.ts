/**
 * A pupil's activity as the charts show it (issue 22 item 4), made from the progress rows the server already keeps:
 * one row per (pupil, lesson) with its watched ranges, percentage, completion and the instant it last moved.
 *
 * The rows keep no history, so a lesson's watched time and completion are counted on the Tunis day it last moved
 * (`updated_at`): a lesson watched over two days counts on the second. Progress of a subject at the end of a week is
 * the mean, over the subject's lessons (unwatched = 0), of the percentages of the lessons that had moved by then —
 * the same mean as the subject page's bar, which it reaches on the last point.
 */
import * as v from "valibot";
import { addDays, tunisDay } from "./days";
import { capPercentage, named, watchedSeconds, type Range } from "./learning";
import { idSchema } from "./schemas/common";
import { slugSchema } from "./schemas/learning";

/** Days of the activity chart (four weeks, today included). */
const ACTIVITY_DAYS = 28;
/** Points of a subject's progress line: the ends of the last four weeks, the last one today. */
const ACTIVITY_WEEKS = 4;

const int = v.pipe(v.number(), v.integer());
const day = v.pipe(v.string(), v.isoDate());

const ActivityDayDtoSchema = v.strictObject({ date: day, minutes: int, completed: int });
const SubjectProgressDtoSchema = v.strictObject(
  named({ id: int, slug: v.string(), color: v.string(), points: v.array(v.strictObject({ date: day, progress: int })) }),
);
/** `GET /student/progress/activity` and a parent's `GET /parent/children/{id}/progress/activity`. */
export const ActivityDtoSchema = v.strictObject({ days: v.array(ActivityDayDtoSchema), subjects: v.array(SubjectProgressDtoSchema) });
export type ActivityDto = v.InferOutput<typeof ActivityDtoSchema>;
type SubjectProgressDto = v.InferOutput<typeof SubjectProgressDtoSchema>;

/** The query of both reads: one subject only (its slug, as in the subject page's path), else every subject. */
export const ActivityQuery = v.strictObject({ subject: v.optional(slugSchema) });
/** The child of a parent's read. */
export const ChildParams = v.object({ id: idSchema });

/** One progress row as the activity reads it. */
export interface ActivityRow {
  subjectId: number;
  ranges: readonly Range[];
  percentage: number;
  completed: boolean;
  /** The lesson's media length in seconds, when it has one. */
  durationS: number | null;
  updatedAt: Date;
}

/** A subject of the pupil's class with its number of lessons. */
export interface ActivitySubject extends Omit<SubjectProgressDto, "points"> {
  lessons: number;
}

/** Seconds of a lesson watched: its ranges, or its percentage of its length when it is measured in percent. */
function secondsOf(r: ActivityRow): number {
  if (r.ranges.length > 0) return watchedSeconds(r.ranges);
  return r.durationS ? Math.round((r.durationS * r.percentage) / 100) : 0;
}

/** The activity of the last `ACTIVITY_DAYS` Tunis days up to `now`, and each subject's progress at each week's end. */
export function buildActivity(rows: readonly ActivityRow[], subjects: readonly ActivitySubject[], now: Date): ActivityDto {
  const today = tunisDay(now);
  const first = addDays(today, -(ACTIVITY_DAYS - 1));
  const seconds = new Map<string, number>();
  const completed = new Map<string, number>();
  const dated = rows.map((r) => ({ ...r, day: tunisDay(r.updatedAt) }));
  for (const r of dated) {
    if (r.day < first || r.day > today) continue;
    seconds.set(r.day, (seconds.get(r.day) ?? 0) + secondsOf(r));
    if (r.completed) completed.set(r.day, (completed.get(r.day) ?? 0) + 1);
  }
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
    const date = addDays(first, i);
    return { date, minutes: Math.round((seconds.get(date) ?? 0) / 60), completed: completed.get(date) ?? 0 };
  });
  const weekEnds = Array.from({ length: ACTIVITY_WEEKS }, (_, i) => addDays(today, -7 * (ACTIVITY_WEEKS - 1 - i)));
  return {
    days,
    subjects: subjects.map(({ lessons, ...subject }) => ({
      ...subject,
      points: weekEnds.map((end) => {
        const sum = dated.filter((r) => r.subjectId === subject.id && r.day <= end).reduce((s, r) => s + capPercentage(r.percentage), 0);
        return { date: end, progress: lessons > 0 ? Math.round(capPercentage(sum / lessons)) : 0 };
      }),
    })),
  };
}
