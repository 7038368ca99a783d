import { and, eq, gte, sql } from "drizzle-orm";
import { GROUP } from "../../../domain/constants";
import { hasForumAccess, hasGroup, type Affiliation, type Me, type UserType } from "../../../domain/user";
import type { Db } from "../../db/client";
import {
  affiliations,
  countries,
  delegations,
  discountCodes,
  divisions,
  institutes,
  offerGroups,
  optionalSubjects,
  parentRequests,
  states,
  users,
  wallets,
} from "../../db/schema";
import { notFound } from "../../lib/errors";

const ref = (id: number | null, name: string | null, name_ar?: string | null, name_en?: string | null) =>
  id !== null && name !== null ? { id, name, ...(name_ar ? { name_ar } : {}), ...(name_en ? { name_en } : {}) } : null;

/** Major offers (a whole year of a primary plan) make a pupil eligible for the referral programme. */
function isEligibleForGift(list: Affiliation[]): boolean {
  return list.some((a) => a.period === "year" || a.period === "rest_of_year");
}

/** Builds the `GET /auth/me` answer: the profile, its offers and the permissions derived from them. */
export async function loadMe(db: Db, userId: number, adminId: number | null, today: Date): Promise<Me> {
  const [row] = await db
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
    })
    .from(users)
    .leftJoin(divisions, eq(divisions.id, users.divisionId))
    .leftJoin(optionalSubjects, eq(optionalSubjects.id, users.optionalSubjectId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(states, eq(states.id, users.stateId))
    .leftJoin(delegations, eq(delegations.id, users.delegationId))
    .leftJoin(institutes, eq(institutes.id, users.instituteId))
    .leftJoin(wallets, eq(wallets.ownerId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const u = row.u;
  const day = today.toISOString().slice(0, 10);

  const affRows = await db
    .select({ a: affiliations, groupName: offerGroups.name })
    .from(affiliations)
    .innerJoin(offerGroups, eq(offerGroups.id, affiliations.groupId))
    .where(and(eq(affiliations.userId, userId), gte(affiliations.endDate, day)));
  const affs: Affiliation[] = affRows.map(({ a, groupName }) => ({
    id: a.id,
    offer_id: a.offerId,
    group: { id: a.groupId, name: groupName },
    period: a.period,
    start_date: a.startDate,
    end_date: a.endDate,
  }));

  const [discount] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.active, true)))
    .limit(1);
  const [parents] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${parentRequests.approved} is null)::int`,
    })
    .from(parentRequests)
    .where(eq(parentRequests.childUserId, userId));

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
    gift_point: u.giftPoint,
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
    gift_code: u.giftCode,
    password_changed_at: u.passwordChangedAt.toISOString(),
    hasPhoneParent: Boolean(u.parentPhone),
    created_at: u.createdAt.toISOString(),
    permissions: {
      forum: hasForumAccess(affs),
      exam: affs.length > 0,
      isProfSon: profSon,
      versPilote: u.versPilote,
      freeHours: freeHours !== null,
      hasEditDivision: u.hasEditDivision,
      influencer: u.userType === "influencer" || Boolean(discount),
      eligibleUserForGift: isEligibleForGift(affs),
      takeTrialAdvantage: false,
      changePassword: u.mustChangePassword,
      discount: Boolean(discount),
    },
    discountCode: discount?.code ?? null,
    discountType: discount ? (discount.type as "percentage" | "points") : null,
    discountAmount: discount?.amount ?? null,
    studentLevel: row.divisionLevel ?? null,
    hasParent: (parents?.total ?? 0) > 0,
    hasParentRequest: (parents?.pending ?? 0) > 0,
    adminId,
  };
}
