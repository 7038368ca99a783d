/**
 * Who is looking: the pupil's class and which subjects their live offers unlock (SPEC §6).
 * A lesson is unlocked when it is free or when a live affiliation (end_date ≥ today) unlocks its subject: an affiliation
 * with `subject_ids` (a per-subject purchase) unlocks only those subjects; one without (null) unlocks what its group
 * unlocks (`group_subjects`: a subject row, or `all_subjects` for every subject of the pupil's class).
 */
import { eq, sql } from "drizzle-orm";
import { GROUP } from "../../../domain/constants";
import type { Db, Tx } from "../../db/client";
import { preparedFor } from "../../db/prepared";
import { affiliations, divisions, groupSubjects, users } from "../../db/schema";

export interface Viewer {
  userId: number;
  divisionId: number | null;
  divisionName: string | null;
  /** Groups of the live affiliations. */
  groupIds: number[];
  allSubjects: boolean;
  subjectIds: ReadonlySet<number>;
  /** Attachments are hidden when every live offer is of group 83 or 84. */
  attachmentsRestricted: boolean;
}

/** The calendar day (UTC) an affiliation must still cover: its end date is compared with it. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The viewer in one prepared statement (server/db/prepared.ts): the class, the groups of the live affiliations and what
 * they unlock. Every read of the home and the subject page starts with it.
 */
const viewerStatement = preparedFor((db) => {
  const day = sql.placeholder("day");
  const liveGroups = sql`select a.group_id from ${affiliations} a where a.user_id = ${users}.id and a.end_date >= ${day}`;
  return db
    .select({
      divisionId: users.divisionId,
      divisionName: divisions.name,
      groupIds: sql<number[]>`(select coalesce(json_agg(distinct g.group_id), '[]'::json) from (${liveGroups}) g)`,
      // An affiliation without subject_ids unlocks what its group unlocks; one with subject_ids only those subjects.
      unlocks: sql<Array<{ subjectId: number | null; all: boolean }>>`(
        select coalesce(json_agg(json_build_object('subjectId', x.subject_id, 'all', x.all_subjects)), '[]'::json) from (
          select gs.subject_id, gs.all_subjects from ${groupSubjects} gs
          where gs.group_id in (select a.group_id from ${affiliations} a where a.user_id = ${users}.id and a.end_date >= ${day} and a.subject_ids is null)
          union all
          select unnest(a.subject_ids), false from ${affiliations} a
          where a.user_id = ${users}.id and a.end_date >= ${day} and a.subject_ids is not null) x)`,
    })
    .from(users)
    .leftJoin(divisions, eq(divisions.id, users.divisionId))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("learning_viewer");
});

export async function loadViewer(db: Db | Tx, userId: number, now: Date): Promise<Viewer> {
  const [u] = await viewerStatement(db).execute({ userId, day: isoDay(now) });
  const groupIds = u?.groupIds ?? [];
  const unlocks = u?.unlocks ?? [];
  const restricted: readonly number[] = GROUP.attachmentsRestricted;
  return {
    userId,
    divisionId: u?.divisionId ?? null,
    divisionName: u?.divisionName ?? null,
    groupIds,
    allSubjects: unlocks.some((g) => g.all),
    subjectIds: new Set(unlocks.flatMap((g) => (g.subjectId === null ? [] : [g.subjectId]))),
    attachmentsRestricted: groupIds.length > 0 && groupIds.every((g) => restricted.includes(g)),
  };
}

/** Whether the viewer's offers open every lesson of this subject (the subject is assumed to be of their class). */
export const unlocksSubject = (viewer: Viewer, subjectId: number) => viewer.allSubjects || viewer.subjectIds.has(subjectId);

export const isUnlocked = (viewer: Viewer, subjectId: number, isFree: boolean) => isFree || unlocksSubject(viewer, subjectId);
