import { GROUP } from "./constants";

export type UserType = "student" | "teacher" | "parent" | "influencer" | "admin";

export interface Affiliation {
  id: number;
  offer_id: number;
  group: { id: number; name: string };
  /** "year" | "month" | "week" | "day" | "rest_of_year" | "free" */
  period: string;
  start_date: string;
  end_date: string;
}

export interface Permissions {
  forum: boolean;
  exam: boolean;
  isProfSon: boolean;
  versPilote: boolean;
  freeHours: boolean;
  hasEditDivision: boolean;
  influencer: boolean;
  eligibleUserForGift: boolean;
  takeTrialAdvantage: boolean;
  changePassword: boolean;
  discount: boolean;
  /** Search is open to the pupil (`searchAllowed`): the server refuses it otherwise (403 `search_disabled`). */
  search: boolean;
}

/** A reference item with its French name and, where the reference data has them, Arabic and English names. */
export interface NamedRef {
  id: number;
  name: string;
  name_ar?: string;
  name_en?: string;
}

/** The current user, as `GET /auth/me` returns it (SPEC §3 "User/profile"). */
export interface Me {
  id: number;
  user_type: UserType;
  name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  phone2: string | null;
  gender: "male" | "female" | null;
  birth_date: string | null;
  avatar: string | null;
  /** The wallet balance in millimes (1 point = 1 TND = 1,000 millimes). */
  points: number;
  gift_point: number;
  division: NamedRef | null;
  optional_subject: NamedRef | null;
  country: NamedRef | null;
  state: NamedRef | null;
  delegation: NamedRef | null;
  institute: { id: number; name: string } | null;
  affiliations: Affiliation[];
  completed: boolean;
  verified: boolean;
  google_id: string | null;
  facebook_id: string | null;
  freeHours: { total_seconds: number; used_seconds: number } | null;
  isTest: boolean;
  gift_code: string | null;
  password_changed_at: string | null;
  hasPhoneParent: boolean;
  created_at: string;
  permissions: Permissions;
  discountCode: string | null;
  discountType: "percentage" | "points" | null;
  discountAmount: number | null;
  studentLevel: string | null;
  hasParent: boolean;
  hasParentRequest: boolean;
  /** A live (renewing) mobile-operator subscription (offer 33): the user menu offers "Se désabonner". */
  digitalVirgoClient: boolean;
  /** Set on impersonation sessions: the admin acting as this user. */
  adminId: number | null;
}

/** Group ids whose full-year subscription opens the forum (Silver+ and Gold). */
export const FORUM_GROUPS = [34, 35] as const;

/**
 * SPEC §2: search is disabled for a pupil with an offer of group 104. One rule, run by the server on the groups of the
 * pupil's live offers: `POST /search/autocomplete` answers 403 `search_disabled`, and `/auth/me` tells the app
 * (`permissions.search`), which only mirrors it.
 */
export const searchAllowed = (liveGroupIds: readonly number[]): boolean => !liveGroupIds.includes(GROUP.searchDisabled);

/**
 * SPEC §6: attachments are hidden when the pupil's only offers are of group 83 or 84 (the packs). One rule, run by the
 * server: the lesson answer and the offline manifest then carry no attachment, so the app has nothing to show.
 */
export const attachmentsRestricted = (liveGroupIds: readonly number[]): boolean =>
  liveGroupIds.length > 0 && liveGroupIds.every((g) => (GROUP.attachmentsRestricted as readonly number[]).includes(g));

export function hasGroup(affiliations: readonly Affiliation[], groupIds: readonly number[]): boolean {
  return affiliations.some((a) => groupIds.includes(a.group.id));
}

/** Forum access: a Silver+ or Gold subscription for the whole year. */
export function hasForumAccess(affiliations: readonly Affiliation[]): boolean {
  return affiliations.some((a) => (FORUM_GROUPS as readonly number[]).includes(a.group.id) && a.period === "year");
}

/**
 * Why the forum is closed, or null when it is open: without any offer of group 33 the pupil
 * "cannot access the forum"; with one, they are told to subscribe to Silver+ or Gold for the whole year.
 */
export function forumWarning(affiliations: readonly Affiliation[]): "no_access" | "upgrade" | null {
  if (hasForumAccess(affiliations)) return null;
  return hasGroup(affiliations, [GROUP.operatorSilver]) ? "upgrade" : "no_access";
}

/** Wallet label variant of a balance in millimes: 1 point, 2 to 10 points, more (SPEC §2 "wallet widget"). */
export function pointsLabelVariant(millimes: number): "one" | "few" | "many" {
  if (millimes === 1000) return "one";
  if (millimes >= 2000 && millimes <= 10_000 && millimes % 1000 === 0) return "few";
  return "many";
}

/** Where the "Parrain" entry leads. */
export function parrainPath(me: Pick<Me, "gift_code">): "/gift-code" | "/generate-gift-code" {
  return me.gift_code ? "/gift-code" : "/generate-gift-code";
}

export function hasOffers(me: Pick<Me, "affiliations">): boolean {
  return me.affiliations.length > 0;
}
