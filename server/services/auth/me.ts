import { eq, sql } from "drizzle-orm";
import { GROUP } from "../../../domain/constants";
import { hasForumAccess, hasGroup, searchAllowed, type Affiliation, type Me, type UserType } from "../../../domain/user";
import type { Db } from "../../db/client";
import { executeByIds, preparedFor } from "../../db/prepared";
import { batchedById, batcherPer } from "../../lib/batcher";
import {
  affiliations,
  countries,
  delegations,
  discountCodes,
  divisions,
  institutes,
  offerGroups,
  operatorSubscriptions,
  optionalSubjects,
  parentRequests,
  states,
  tokenAccounts,
  users,
  wallets,
} from "../../db/schema";
import { notFound } from "../../lib/errors";
import { tunisDay } from "../../../domain/days";
import { isFreeView } from "../../../domain/learning";
import { isEligibleForGift } from "../../../domain/referral";
import { eligibilityAffiliationsSql } from "../referral/eligibility";

const ref = (id: number | null, name: string | null, name_ar?: string | null, name_en?: string | null) =>
  id !== null && name !== null ? { id, name, ...(name_ar ? { name_ar } : {}), ...(name_en ? { name_en } : {}) } : null;

/** Builds the `GET /auth/me` answer: the profile, its offers and the permissions derived from them. */
interface AffiliationRow {
  id: number;
  offerId: number;
  groupId: number;
  groupName: string;
  groupNameAr: string | null;
  groupNameEn: string | null;
  period: string;
  startDate: string;
  endDate: string;
}
interface DiscountRow {
  code: string;
  type: string;
  amount: number;
}

/**
 * The one statement of `GET /auth/me`, prepared (server/db/prepared.ts): the profile, its names, the wallet, and in
 * subqueries the offers, the discount code and the parents (one round trip: on the embedded database every statement
 * waits its turn on the server's one thread).
 */
const selectMe = (db: Db) => {
  // `(select $day)`: the day's value stays out of the plan, so PostgreSQL keeps one generic plan for every execution
  // instead of planning each one anew for its day (planning cost twice the execution).
  const day = sql`(select ${sql.placeholder("day")}::date)`;
  return db
    .select({
      u: users,
      divisionName: divisions.name,
      divisionNameAr: divisions.nameAr,
      divisionNameEn: divisions.nameEn,
      divisionLevel: divisions.level,
      optionalName: optionalSubjects.name,
      optionalNameAr: optionalSubjects.nameAr,
      countryName: countries.name,
      countryNameAr: countries.nameAr,
      countryNameEn: countries.nameEn,
      stateName: states.name,
      stateNameAr: states.nameAr,
      delegationName: delegations.name,
      delegationNameAr: delegations.nameAr,
      instituteName: institutes.name,
      balance: wallets.balance,
      affiliations: sql<AffiliationRow[]>`(
        select coalesce(json_agg(json_build_object(
          'id', a.id, 'offerId', a.offer_id, 'groupId', a.group_id, 'groupName', g.name, 'groupNameAr', g.name_ar, 'groupNameEn', g.name_en,
          'period', a.period, 'startDate', a.start_date, 'endDate', a.end_date) order by a.id), '[]'::json)
        from ${affiliations} a inner join ${offerGroups} g on g.id = a.group_id
        where a.user_id = ${users.id} and a.end_date >= ${day})`,
      discount: sql<DiscountRow | null>`(
        select json_build_object('code', d.code, 'type', d.type, 'amount', d.amount)
        from ${discountCodes} d where d.user_id = ${users.id} and d.active and d.kind = 'influencer' limit 1)`,
      parentsTotal: sql<number>`(select count(*)::int from ${parentRequests} pr where pr.child_user_id = ${users.id})`,
      parentsPending: sql<number>`(select count(*)::int from ${parentRequests} pr where pr.child_user_id = ${users.id} and pr.approved is null)`,
      // The referral programme (issue 20): the gift code (the pupil's referral code), the tokens, and what eligibility reads.
      giftCode: sql<string | null>`(select d.code from ${discountCodes} d where d.user_id = ${users.id} and d.kind = 'referral' limit 1)`,
      giftPoint: sql<number | null>`(select t.balance from ${tokenAccounts} t where t.user_id = ${users.id})`,
      giftEligibility: eligibilityAffiliationsSql(sql`${users.id}`, day),
      operatorClient: sql<boolean>`exists(select 1 from ${operatorSubscriptions} os where os.user_id = ${users.id} and os.status = 'active')`,
    })
    .from(users)
    .leftJoin(divisions, eq(divisions.id, users.divisionId))
    .leftJoin(optionalSubjects, eq(optionalSubjects.id, users.optionalSubjectId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(states, eq(states.id, users.stateId))
    .leftJoin(delegations, eq(delegations.id, users.delegationId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .leftJoin(wallets, eq(wallets.ownerId, users.id));
};

/** One pupil, or several (`executeByIds`). */
const meStatement = preparedFor((db) => selectMe(db).where(eq(users.id, sql.placeholder("id"))).prepare("auth_me"));
const mesStatement = preparedFor((db) => selectMe(db).where(sql`${users.id} = any(${sql.placeholder("ids")}::int[])`).prepare("auth_mes"));

type MeRow = Awaited<ReturnType<ReturnType<typeof meStatement>["execute"]>>[number];

/** The rows of `/auth/me` asked for at the same moment, read in one statement (`batchedById`). */
const meLoader = batcherPer((db: Db) =>
  batchedById(async (ids: number[], day): Promise<Map<number, MeRow>> => {
    const rows = await executeByIds(meStatement(db), mesStatement(db), ids, { day });
    return new Map(rows.map((r) => [r.u.id, r]));
  }),
);

export async function loadMe(db: Db, userId: number, adminId: number | null, today: Date): Promise<Me> {
  const row = await meLoader(db)({ id: userId, shared: tunisDay(today) });
  if (!row) throw notFound();
  const u = row.u;
  const affs: Affiliation[] = row.affiliations.map((a) => ({
    id: a.id,
    offer_id: a.offerId,
    group: { id: a.groupId, name: a.groupName, name_ar: a.groupNameAr, name_en: a.groupNameEn },
    period: a.period as Affiliation["period"],
    start_date: a.startDate,
    end_date: a.endDate,
  }));
  const discount = row.discount;
  const parents = { total: row.parentsTotal, pending: row.parentsPending };

  const profSon = hasGroup(affs, GROUP.profSon);
  const freeHours = u.freeHoursTotal !== null ? { total_seconds: u.freeHoursTotal, used_seconds: u.freeHoursUsed } : null;
  return {
    id: u.id,
    user_type: u.userType as UserType,
    name: u.name,
    last_name: u.lastName,
    email: u.email,
    phone: u.phone,
    phone2: u.phone2,
    gender: (u.gender as "male" | "female" | null) ?? null,
    birth_date: u.birthDate,
    avatar: u.avatar,
    points: row.balance ?? 0,
    gift_point: row.giftPoint ?? 0,
    division: ref(u.divisionId, row.divisionName, row.divisionNameAr, row.divisionNameEn),
    optional_subject: ref(u.optionalSubjectId, row.optionalName, row.optionalNameAr),
    country: ref(u.countryId, row.countryName, row.countryNameAr, row.countryNameEn),
    state: ref(u.stateId, row.stateName, row.stateNameAr),
    delegation: ref(u.delegationId, row.delegationName, row.delegationNameAr),
    institute: ref(u.instituteId, row.instituteName),
    affiliations: affs,
    completed: u.completed,
    verified: u.verified,
    google_id: u.googleId,
    facebook_id: u.facebookId,
    freeHours,
    isTest: u.isTest,
    gift_code: row.giftCode,
    password_changed_at: u.passwordChangedAt.toISOString(),
    hasPhoneParent: Boolean(u.parentPhone),
    created_at: u.createdAt.toISOString(),
    permissions: {
      forum: hasForumAccess(affs),
      exam: affs.length > 0,
      isProfSon: profSon,
      versPilote: u.versPilote,
      // A free viewer (metered by the server); the app sends it back as the progress posts' `isFree` hint.
      freeHours: isFreeView({ totalSeconds: u.freeHoursTotal, usedSeconds: u.freeHoursUsed }, affs.length > 0),
      hasEditDivision: u.hasEditDivision,
      influencer: u.userType === "influencer" || Boolean(discount),
      eligibleUserForGift: isEligibleForGift(row.giftEligibility, tunisDay(today)),
      takeTrialAdvantage: false,
      changePassword: u.mustChangePassword,
      discount: Boolean(discount),
      search: searchAllowed(affs.map((a) => a.group.id)),
    },
    discountCode: discount?.code ?? null,
    discountType: discount ? (discount.type as "percentage" | "points") : null,
    discountAmount: discount?.amount ?? null,
    studentLevel: row.divisionLevel ?? null,
    hasParent: (parents?.total ?? 0) > 0,
    hasParentRequest: (parents?.pending ?? 0) > 0,
    digitalVirgoClient: row.operatorClient === true,
    adminId,
  };
}
