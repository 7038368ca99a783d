/**
 * The pupil's profile (SPEC §2 "Profile page sections", §5 "Profile", "Parent phone", "Email for sessions",
 * "Uploads"): the field rules of the profile editor, the dependent address selects, the class-change request, the
 * report-card upload fields and the rules that open the add-parent-phone and add-email modals. Pure and isomorphic.
 */
import * as v from "valibot";
import { TUNISIA_COUNTRY_ID } from "./constants";
import type { FileKind } from "./files";
import { EMAIL_RE, botCheckField, idSchema, isBirthDateAllowed, nameSchema, parseDdMmYyyy, verificationCodeSchema } from "./schemas/common";
import type { Affiliation } from "./user";

/** The free-text "other" class-change reason (SPEC §3, §9). */
export const OTHER_REASON_ID = 4;
/** Longest free text of a class-change request. */
export const REASON_TEXT_MAX = 255;
/** Report cards: trimesters 1 to 3 on upload. */
export const TRIMESTERS = [1, 2, 3] as const;
/** Largest report card accepted (a phone photo or a scanned PDF). */
export const MARKSHEET_MAX_BYTES = 8 * 1024 * 1024;
/** Largest profile photo accepted (the client sends a cropped JPEG of at most 512 px: a few dozen kB). */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Side of the square photo the client crops and resizes to before upload. */
export const AVATAR_SIZE_PX = 384;

// ───────────────────────── fields ─────────────────────────

/** Profile phone: exactly 8 digits ('Le champ numéro de téléphone est invalide'). */
const PROFILE_PHONE_RE = /^\d{8}$/;
/** Parent phone: 8 digits starting 2, 4, 5 or 9. */
const PARENT_PHONE_RE = /^[2459]\d{7}$/;

const optionalRef = v.optional(v.nullable(v.union([idSchema, v.literal("")])), null);
const toId = (x: number | "" | null | undefined): number | null => (typeof x === "number" ? x : null);

/** A birth date given as dd/mm/yyyy (the form) or yyyy-mm-dd (the profile's stored value). */
function parseBirthDate(value: string): string | null {
  const s = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const [y, m, d] = s.split("-");
    return parseDdMmYyyy(`${d}/${m}/${y}`);
  }
  return parseDdMmYyyy(s);
}

/**
 * `POST /user/update` (SPEC §7 "User", §5 "Profile"): names 2–25 Latin or Arabic letters, phone exactly 8 digits,
 * second phone numeric and different, birth date required (not in the future, age at least 5), class required,
 * Tunisia without a governorate refused ('Remplir les champs pays gouvernorat'). Phone required in Tunisia (or with
 * no country); an e-mail, when given, must be valid. Gender male or female.
 */
export const ProfileUpdateSchema = v.pipe(
  v.object({
    name: nameSchema("name_required", "name_invalid"),
    lastName: nameSchema("last_name_required", "last_name_invalid"),
    birthDate: v.pipe(
      v.string("birth_date_required"),
      v.trim(),
      v.nonEmpty("birth_date_required"),
      v.check((s) => parseBirthDate(s) !== null, "birth_date_invalid"),
      v.check((s) => isBirthDateAllowed(parseBirthDate(s) ?? ""), "birth_date_too_recent"),
      v.transform((s) => parseBirthDate(s)!),
    ),
    phone: v.optional(
      v.pipe(
        v.string("phone_invalid"),
        v.trim(),
        v.check((s) => s === "" || PROFILE_PHONE_RE.test(s), "phone_invalid"),
      ),
      "",
    ),
    phone2: v.optional(
      v.nullable(
        v.pipe(
          v.string("phone2_invalid"),
          v.trim(),
          v.check((s) => s === "" || /^\d{8}$/.test(s), "phone2_invalid"),
        ),
      ),
      "",
    ),
    email: v.optional(
      v.nullable(
        v.pipe(
          v.string("email_invalid"),
          v.trim(),
          v.toLowerCase(),
          v.maxLength(180, "email_invalid"),
          v.check((s) => s === "" || EMAIL_RE.test(s), "email_invalid"),
        ),
      ),
      "",
    ),
    gender: v.optional(v.nullable(v.union([v.literal("male"), v.literal("female"), v.literal("")], "gender_invalid")), null),
    division: v.pipe(
      v.union([idSchema, v.literal(""), v.null(), v.undefined()], "division_required"),
      v.check((x) => typeof x === "number", "division_required"),
    ),
    country: optionalRef,
    state: optionalRef,
    delegation: optionalRef,
    institute: optionalRef,
    ...botCheckField,
  }),
  v.forward(
    v.check((i) => {
      const country = toId(i.country);
      return (country !== null && country !== TUNISIA_COUNTRY_ID) || i.phone !== "";
    }, "phone_required"),
    ["phone"],
  ),
  v.forward(
    v.check((i) => !i.phone2 || i.phone2 !== i.phone, "phone2_same_as_phone"),
    ["phone2"],
  ),
  v.forward(
    v.check((i) => toId(i.country) !== TUNISIA_COUNTRY_ID || toId(i.state) !== null, "country_state_required"),
    ["state"],
  ),
);
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;
export type ProfileUpdateOutput = v.InferOutput<typeof ProfileUpdateSchema>;

// ───────────────────────── dependent address selects ─────────────────────────

export interface Address {
  country: number | null;
  state: number | null;
  delegation: number | null;
  institute: number | null;
}

/**
 * Sets one address select and clears the ones that depend on it (SPEC §2): the country clears the governorate,
 * delegation and institute; the governorate clears the delegation and institute; the delegation clears the institute.
 * Setting a field to the value it already has clears nothing.
 */
export function setAddressField(address: Address, field: keyof Address, value: number | null): Address {
  if (address[field] === value) return address;
  switch (field) {
    case "country":
      return { country: value, state: null, delegation: null, institute: null };
    case "state":
      return { ...address, state: value, delegation: null, institute: null };
    case "delegation":
      return { ...address, delegation: value, institute: null };
    case "institute":
      return { ...address, institute: value };
  }
}

/** The governorate select is enabled only for Tunisia (country id 1). */
export function governorateEnabled(country: number | null): boolean {
  return country === TUNISIA_COUNTRY_ID;
}

// ───────────────────────── contact: e-mail, parent phone ─────────────────────────

/** E-mail for sessions (SPEC §5): non-empty, no spaces, not numeric, and a valid address. */
const emailForSessionsSchema = v.pipe(
  v.string("email_required"),
  v.trim(),
  v.nonEmpty("email_required"),
  v.check((s) => !/\s/.test(s), "email_invalid"),
  v.check((s) => !/^\d+$/.test(s), "email_invalid"),
  v.maxLength(180, "email_invalid"),
  v.regex(EMAIL_RE, "email_invalid"),
  v.toLowerCase(),
);

/** `PUT /user/add-email`: the address receives a 6-character code; the e-mail is set once it is confirmed. */
export const AddEmailSchema = v.object({ email: emailForSessionsSchema });

/** `POST /user/confirm-code`: the code sent to the new e-mail (or phone) of the profile, and that address. */
export const ConfirmContactSchema = v.object({
  confirmationToken: verificationCodeSchema,
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(180, "email_invalid")), ""),
  ...botCheckField,
});
export type ConfirmContactOutput = v.InferOutput<typeof ConfirmContactSchema>;

/** `PUT /user/add-parent-phone` (`phone2`: the parent's phone, 8 digits starting 2, 4, 5 or 9). */
export const ParentPhoneSchema = v.object({
  phone2: v.pipe(v.string("parent_phone_invalid"), v.trim(), v.nonEmpty("parent_phone_invalid"), v.regex(PARENT_PHONE_RE, "parent_phone_invalid")),
});

/** The add-parent-phone modal opens when the pupil has no parent phone, lives in Tunisia (or nowhere known) and holds an offer. */
export function shouldAskParentPhone(me: { hasPhoneParent: boolean; country: { id: number } | null; affiliations: readonly Affiliation[] }): boolean {
  return !me.hasPhoneParent && (me.country === null || me.country.id === TUNISIA_COUNTRY_ID) && me.affiliations.length > 0;
}

/** A live-session action needs an e-mail: without one the add-e-mail modal opens first. */
export function needsEmail(me: { email: string | null }): boolean {
  return !me.email;
}

// ───────────────────────── class change ─────────────────────────

/** `POST /edit-division` (SPEC §7): a new class and a reason; reason 4 ("Autre") needs its free text (`reason2`). */
export const ClassChangeSchema = v.pipe(
  v.object({
    // Optional here so that a missing class is reported as `division_required` (checked below).
    newDivision: v.optional(v.union([idSchema, v.literal(""), v.null()], "division_required")),
    reason: v.pipe(
      v.union([idSchema, v.literal(""), v.null(), v.undefined()], "reason_required"),
      v.check((x) => typeof x === "number", "reason_required"),
      v.transform((x) => x as number),
    ),
    reason2: v.optional(v.nullable(v.pipe(v.string("reason_other_required"), v.trim(), v.maxLength(REASON_TEXT_MAX, "description_too_long"))), ""),
  }),
  v.forward(
    v.check((i) => typeof i.newDivision === "number", "division_required"),
    ["newDivision"],
  ),
  v.forward(
    v.check((i) => i.reason !== OTHER_REASON_ID || Boolean(i.reason2), "reason_other_required"),
    ["reason2"],
  ),
  v.transform((i) => ({ ...i, newDivision: i.newDivision as number })),
);
export type ClassChangeInput = v.InferInput<typeof ClassChangeSchema>;
export type ClassChangeOutput = v.InferOutput<typeof ClassChangeSchema>;

const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

// The answers of the profile's operations, written once as valibot schemas: the server declares them as its answers
// (checked in tests, published in the OpenAPI document), the client reads their types.
const id = v.pipe(v.number(), v.integer());
const requestStatus = v.picklist(REQUEST_STATUSES);
const namedDivision = v.strictObject({ id, name: v.string(), name_ar: v.optional(v.string()), name_en: v.optional(v.string()) });

/** A class-change request as `GET /edit-division` lists it (SPEC §3 "Division-change request"). */
export const DivisionChangeDtoSchema = v.strictObject({
  id,
  old_division: v.nullable(namedDivision),
  new_division: namedDivision,
  reason: namedDivision,
  reason2: v.nullable(v.string()),
  status: requestStatus,
  created_at: v.string(),
});
export type DivisionChangeDto = v.InferOutput<typeof DivisionChangeDtoSchema>;

/** `POST /edit-division`: the request, and whether it changed the class at once. */
export const DivisionChangeRequestedDtoSchema = v.strictObject({ request: DivisionChangeDtoSchema, applied: v.boolean() });
export type DivisionChangeRequestedDto = v.InferOutput<typeof DivisionChangeRequestedDtoSchema>;

/** `PUT /user/add-email`: where the code went. */
export const CodeSentDtoSchema = v.strictObject({ credential: v.string(), channel: v.picklist(["sms", "email"]) });
export type CodeSentDto = v.InferOutput<typeof CodeSentDtoSchema>;

/** `POST /user/confirm-code`: the account's phone and e-mail once the pending one is confirmed. */
export const ContactConfirmedDtoSchema = v.strictObject({ email: v.nullable(v.string()), phone: v.nullable(v.string()) });
export type ContactConfirmedDto = v.InferOutput<typeof ContactConfirmedDtoSchema>;

/** `POST /user/update`. */
export const ProfileUpdatedDtoSchema = v.strictObject({
  /** The new phone or e-mail a code was sent to (then the code is asked for), or null. */
  credential: v.nullable(v.string()),
  pending: v.strictObject({ phone: v.nullable(v.string()), email: v.nullable(v.string()) }),
});
export type ProfileUpdatedDto = v.InferOutput<typeof ProfileUpdatedDtoSchema>;

/** `PUT /user/add-parent-phone`: the same answer whatever the phone. */
export const ParentPhoneSetDtoSchema = v.strictObject({ hasPhoneParent: v.literal(true) });

/** `POST /user/avatar`: the photo's URL (`GET /user/avatar` with its key, so a new photo is a new URL). */
export const AvatarDtoSchema = v.strictObject({ avatar: v.string() });

// ───────────────────────── report cards ─────────────────────────

/** The form fields of `POST /student/mark-sheet` besides the file. */
export const MarksheetFieldsSchema = v.object({
  trimester: v.pipe(
    v.union([v.number(), v.string()], "trimester_invalid"),
    v.transform(Number),
    v.check((n) => (TRIMESTERS as readonly number[]).includes(n), "trimester_invalid"),
  ),
  division: v.pipe(
    v.union([idSchema, v.literal(""), v.null(), v.undefined()], "division_required"),
    v.check((x) => typeof x === "number", "division_required"),
    v.transform((x) => x as number),
  ),
});

export const MarksheetDtoSchema = v.strictObject({
  id,
  name: v.string(),
  division: namedDivision,
  trimester: v.pipe(v.number(), v.integer(), v.minValue(TRIMESTERS[0]), v.maxValue(TRIMESTERS[TRIMESTERS.length - 1]!)),
  status: requestStatus,
  reject_reason: v.nullable(v.string()),
  /** `pdf` or `image`: how the view dialog shows it. */
  file: v.strictObject({ kind: v.picklist(["pdf", "image"]), mime: v.string(), size: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) }),
  /** The file, for its owner (bearer token). */
  url: v.string(),
  created_at: v.string(),
});
export type MarksheetDto = v.InferOutput<typeof MarksheetDtoSchema>;

/** `POST /admin/marksheets/{id}/decision`: the report card decided. */
export const MarksheetDecisionDtoSchema = v.strictObject({ id, status: requestStatus, userId: id });

/** The kinds of file the profile takes (photos, report cards), recognised by `sniffKind` of domain/files.ts. */
export type SniffedKind = Extract<FileKind, "pdf" | "jpeg" | "png" | "webp">;

/** The edit screen's title: "Modifier mon profil" once completed, else "Compléter vos données". */
export function profileTitleKind(me: {
  completed: boolean;
  phone: string | null;
  country: { id: number } | null;
  google_id: string | null;
  facebook_id: string | null;
}): "edit" | "complete" {
  const social = Boolean(me.google_id || me.facebook_id);
  const noPhone = !me.phone && (me.country?.id ?? TUNISIA_COUNTRY_ID) === TUNISIA_COUNTRY_ID;
  return (social && !me.completed) || noPhone || !me.completed ? "complete" : "edit";
}
