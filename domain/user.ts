import * as v from "valibot";
import { GROUP } from "./constants";
import type { PersonName } from "./schemas/common";

export const USER_TYPES = ["student", "teacher", "parent", "influencer", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

// ─────────────── the API's answers, written once as valibot schemas (the server declares them, the client reads their types) ───────────────

const id = v.pipe(v.number(), v.integer());
const millimes = v.pipe(v.number(), v.safeInteger());
const nullableText = v.nullable(v.string());

const AffiliationSchema = v.strictObject({
  id,
  offer_id: id,
  group: v.strictObject({ id, name: v.string(), name_ar: v.nullish(v.string()), name_en: v.nullish(v.string()) }),
  /** "year" | "month" | "week" | "day" | "rest_of_year" | "free" */
  period: v.string(),
  start_date: v.string(),
  end_date: v.string(),
});
export type Affiliation = v.InferOutput<typeof AffiliationSchema>;

const PermissionsSchema = v.strictObject({
  forum: v.boolean(),
  exam: v.boolean(),
  isProfSon: v.boolean(),
  versPilote: v.boolean(),
  freeHours: v.boolean(),
  hasEditDivision: v.boolean(),
  influencer: v.boolean(),
  eligibleUserForGift: v.boolean(),
  takeTrialAdvantage: v.boolean(),
  changePassword: v.boolean(),
  discount: v.boolean(),
  /** Search is open to the pupil (`searchAllowed`): the server refuses it otherwise (403 `search_disabled`). */
  search: v.boolean(),
});
export type Permissions = v.InferOutput<typeof PermissionsSchema>;

/** A reference item with its French name and, where the reference data has them, Arabic and English names. */
const NamedRefSchema = v.strictObject({ id, name: v.string(), name_ar: v.optional(v.string()), name_en: v.optional(v.string()) });

/** The current user, as `GET /auth/me` returns it (SPEC §3 "User/profile"). */
export const MeSchema = v.strictObject({
  id,
  user_type: v.picklist(USER_TYPES),
  name: v.string(),
  last_name: v.string(),
  email: nullableText,
  phone: nullableText,
  phone2: nullableText,
  gender: v.nullable(v.picklist(["male", "female"])),
  birth_date: nullableText,
  avatar: nullableText,
  /** The wallet balance in millimes (1 point = 1 TND = 1,000 millimes). */
  points: millimes,
  gift_point: millimes,
  division: v.nullable(NamedRefSchema),
  optional_subject: v.nullable(NamedRefSchema),
  country: v.nullable(NamedRefSchema),
  state: v.nullable(NamedRefSchema),
  delegation: v.nullable(NamedRefSchema),
  institute: v.nullable(v.strictObject({ id, name: v.string() })),
  affiliations: v.array(AffiliationSchema),
  completed: v.boolean(),
  verified: v.boolean(),
  google_id: nullableText,
  facebook_id: nullableText,
  freeHours: v.nullable(v.strictObject({ total_seconds: v.pipe(v.number(), v.integer()), used_seconds: v.pipe(v.number(), v.integer()) })),
  isTest: v.boolean(),
  gift_code: nullableText,
  password_changed_at: nullableText,
  hasPhoneParent: v.boolean(),
  created_at: v.string(),
  permissions: PermissionsSchema,
  discountCode: nullableText,
  discountType: v.nullable(v.picklist(["percentage", "points"])),
  /** A percentage, or millimes for a "points" discount. */
  discountAmount: v.nullable(v.number()),
  studentLevel: nullableText,
  hasParent: v.boolean(),
  hasParentRequest: v.boolean(),
  /** A live (renewing) mobile-operator subscription (offer 33): the user menu offers "Se désabonner". */
  digitalVirgoClient: v.boolean(),
  /** Set on impersonation sessions: the admin acting as this user. */
  adminId: v.nullable(id),
});
export type Me = v.InferOutput<typeof MeSchema>;

/** A new session (`POST /auth/login_check`, `/auth/register`): the bearer token and the account's type. */
export const SessionDtoSchema = v.strictObject({
  token: v.string(),
  expires_at: v.string(),
  user_type: v.picklist(USER_TYPES),
  /** A teacher signs in to the teachers' app instead. */
  redirect: v.optional(v.string()),
});

/** `PUT /user/change-password`: the other sessions ended; this is the caller's new token. */
export const NewTokenDtoSchema = v.strictObject({ token: v.string(), expires_at: v.string() });

/** `POST /auth/switch`: a session acting as the pupil, marked with the operator's admin account. */
export const ImpersonationSessionDtoSchema = v.strictObject({ token: v.string(), expires_at: v.string(), user_type: v.picklist(USER_TYPES), admin_user_id: id });

/** `/auth/request-password`: where the reset code went. */
export const ResetCodeSentDtoSchema = v.strictObject({ channel: v.picklist(["sms", "email"]) });

/** `POST /auth/confirm-registration`. */
export const VerifiedDtoSchema = v.strictObject({ verified: v.literal(true) });

/** `GET /auth/resend-code`. */
export const CodeSentDtoSchema = v.strictObject({ sent: v.literal(true) });

/** `GET /auth/challenge`: an ALTCHA proof-of-work challenge, or null when the bot check is off. */
export const BotChallengeDtoSchema = v.nullable(
  v.strictObject({
    algorithm: v.picklist(["SHA-1", "SHA-256", "SHA-512"]),
    challenge: v.string(),
    maxnumber: v.optional(v.pipe(v.number(), v.integer())),
    salt: v.string(),
    signature: v.string(),
  }),
);

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

/**
 * The name an account the mobile operator created carries until its owner gives theirs (the operator sends only the
 * phone). The home greets such a pupil without it and prompts them to complete their name; the profile form starts
 * empty instead of showing it.
 */
export const SUBSCRIBER_PLACEHOLDER_NAME = { name: "Abonné", lastName: "Ooredoo" } as const;

/** Whether the account still has the operator's placeholder name (no name of its own yet). */
export function hasPlaceholderName(me: Pick<Me, "name" | "last_name">): boolean {
  return me.name === SUBSCRIBER_PLACEHOLDER_NAME.name && me.last_name === SUBSCRIBER_PLACEHOLDER_NAME.lastName;
}

/** The operator's brand in "Abonné Ooredoo": a name, never translated (isolated from the sentence around it). */
export const OPERATOR_BRAND = "Ooredoo";

/** A stored name (`name`, `last_name`) as an answer gives it to another reader: null both for the placeholder. */
export function personNames(u: { name: string; last_name: string }): { name: PersonName; last_name: PersonName } {
  return hasPlaceholderName(u) ? { name: null, last_name: null } : { name: u.name, last_name: u.last_name };
}

/** The full name ("Yasmine Ben Salah") as an answer gives it to another reader: null for the placeholder. */
export function personFullName(u: { name: string; last_name: string }): PersonName {
  return hasPlaceholderName(u) ? null : [u.name, u.last_name].filter(Boolean).join(" ").trim();
}
