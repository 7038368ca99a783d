/**
 * Who is looking: the pupil's class and which subjects their live offers unlock (SPEC §6).
 * A lesson is unlocked when it is free or when a live affiliation (end_date ≥ today in Tunis) unlocks its subject: an affiliation
 * with `subject_ids` (a per-subject purchase) unlocks only those subjects; one without (null) unlocks what its group
 * unlocks (`group_subjects`: a subject row, or `all_subjects` for every subject of the pupil's class).
 */
import { eq, is, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { tunisDay } from "../../../domain/days";
import { isFreeView, type FreeHours } from "../../../domain/learning";
import { attachmentsRestricted } from "../../../domain/user";
import type { Db, Tx } from "../../db/client";
import { batchedById, batcherPer } from "../../lib/batcher";
import { executeByIds, preparedFor } from "../../db/prepared";
import { affiliations, divisions, groupSubjects, users } from "../../db/schema";

export interface Viewer {
  userId: number;
  divisionId: number | null;
  divisionName: string | null;
  /** Groups of the live affiliations. */
  groupIds: number[];
  allSubjects: boolean;
  subjectIds: ReadonlySet<number>;
  /** Attachments are hidden when every live offer is of group 83 or 84 (`attachmentsRestricted` of domain/user.ts). */
  attachmentsRestricted: boolean;
  freeHours: FreeHours;
  /** A free viewer (`isFreeView`): what they watch counts against their free hours, and their media links say so. */
  freeView: boolean;
}

/**
 * The viewers of a list of pupils in one prepared statement (server/db/prepared.ts): each one's class, the groups of
 * their live affiliations and what they unlock. Every read of the home and the subject page starts with it.
 */
const selectViewers = (db: Db) => {
  // `(select $day)`: the day's value stays out of the plan, so PostgreSQL keeps one generic plan (see auth/me.ts).
  const day = sql`(select ${sql.placeholder("day")}::date)`;
  const liveGroups = sql`select a.group_id from ${affiliations} a where a.user_id = ${users}.id and a.end_date >= ${day}`;
  return db
    .select({
      userId: users.id,
      divisionId: users.divisionId,
      divisionName: divisions.name,
      freeHoursTotal: users.freeHoursTotal,
      freeHoursUsed: users.freeHoursUsed,
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
    .leftJoin(divisions, eq(divisions.id, users.divisionId));
};

/** Several pupils, or one (`executeByIds`). */
const viewersStatement = preparedFor((db) => selectViewers(db).where(sql`${users.id} = any(${sql.placeholder("ids")}::int[])`).prepare("learning_viewers"));
const viewerStatement = preparedFor((db) => selectViewers(db).where(eq(users.id, sql.placeholder("id"))).prepare("learning_viewer"));

type ViewerRow = Awaited<ReturnType<ReturnType<typeof viewersStatement>["execute"]>>[number];

function viewerOf(userId: number, u: ViewerRow | undefined): Viewer {
  const groupIds = u?.groupIds ?? [];
  const unlocks = u?.unlocks ?? [];
  const freeHours: FreeHours = { totalSeconds: u?.freeHoursTotal ?? null, usedSeconds: u?.freeHoursUsed ?? 0 };
  return {
    userId,
    divisionId: u?.divisionId ?? null,
    divisionName: u?.divisionName ?? null,
    groupIds,
    allSubjects: unlocks.some((g) => g.all),
    subjectIds: new Set(unlocks.flatMap((g) => (g.subjectId === null ? [] : [g.subjectId]))),
    attachmentsRestricted: attachmentsRestricted(groupIds),
    freeHours,
    freeView: isFreeView(freeHours, groupIds.length > 0),
  };
}

async function readViewers(db: Db | Tx, ids: number[], day: string): Promise<Map<number, ViewerRow>> {
  const rows = await executeByIds(viewerStatement(db), viewersStatement(db), ids, { day });
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * The viewers asked for at the same moment, read together (`batchedById`): under load the reads of many requests —
 * of different pupils or not — share one statement and one round trip instead of one each.
 */
const viewerLoader = batcherPer((db: Db) => batchedById((ids: number[], day) => readViewers(db, ids, day)));

/**
 * The viewer `userId` on the day of `now`. Inside a transaction it is read on the transaction's connection (it sees
 * the transaction's writes); otherwise through the batch of the moment.
 */
export async function loadViewer(db: Db | Tx, userId: number, now: Date): Promise<Viewer> {
  // The Tunis day (domain/days.ts): an affiliation whose end_date is yesterday in Tunis no longer counts.
  const day = tunisDay(now);
  const row = is(db, PgTransaction) ? (await readViewers(db, [userId], day)).get(userId) : await viewerLoader(db as Db)({ id: userId, shared: day });
  return viewerOf(userId, row);
}

/** Whether the viewer's offers open every lesson of this subject (the subject is assumed to be of their class). */
const unlocksSubject = (viewer: Viewer, subjectId: number) => viewer.allSubjects || viewer.subjectIds.has(subjectId);

export const isUnlocked = (viewer: Viewer, subjectId: number, isFree: boolean) => isFree || unlocksSubject(viewer, subjectId);
