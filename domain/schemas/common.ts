import * as v from "valibot";
import { BIRTH_DATE_BEFORE, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, VERIFICATION_CODE_LENGTH } from "../constants";

/** Tunisian mobile: optional +216 or 00216, then 8 digits starting 2, 4, 5 or 9. */
const TN_PHONE_RE = /^(?:\+216|00216)?[2459]\d{7}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Latin (with accents) or Arabic letters, words separated by single spaces. */
const NAME_RE = /^[\p{Script=Latin}\p{Script=Arabic}]+(?:[ '-][\p{Script=Latin}\p{Script=Arabic}]+)*$/u;
const CODE_RE = new RegExp(`^[A-Za-z0-9]{${VERIFICATION_CODE_LENGTH}}$`);
const DATE_DDMMYYYY_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function isTunisianPhone(value: string): boolean {
  return TN_PHONE_RE.test(value.replace(/\s+/g, ""));
}

/** `+216 22 000 001` → `22000001`. */
export function normalizePhone(value: string): string {
  const compact = value.replace(/\s+/g, "");
  return compact.replace(/^(?:\+216|00216)/, "");
}

/** A Tunisian mobile in E.164, as SMS providers take it: `22000001`, `+216 22 000 001`, `0021622000001` → `+21622000001`; null for anything else. */
export function tunisianE164(value: string): string | null {
  return isTunisianPhone(value) ? `+216${normalizePhone(value)}` : null;
}

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** Parses dd/mm/yyyy into an ISO date (yyyy-mm-dd), or null if it is not a real day. */
export function parseDdMmYyyy(value: string): string | null {
  const m = DATE_DDMMYYYY_RE.exec(value.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const d = Number(dd);
  const mo = Number(mm);
  const y = Number(yyyy);
  if (y < 1900 || y > 2099 || mo < 1 || mo > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${yyyy}-${mm}-${dd}`;
}

export function isBirthDateAllowed(iso: string): boolean {
  return iso < BIRTH_DATE_BEFORE;
}

/** Longest run of one repeated character. */
export function longestRun(value: string): number {
  let best = 0;
  let run = 0;
  let prev: string | undefined;
  for (const ch of value) {
    run = ch === prev ? run + 1 : 1;
    prev = ch;
    if (run > best) best = run;
  }
  return best;
}

export function isStrongPassword(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);
}

export const nameSchema = (required: "name_required" | "last_name_required", invalid: "name_invalid" | "last_name_invalid") =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(NAME_MIN, invalid),
    v.maxLength(NAME_MAX, invalid),
    v.regex(NAME_RE, invalid),
  );

/** Password of registration: 8–16, upper, lower, digit, special. */
export const newPasswordSchema = v.pipe(
  v.string("password_required"),
  v.nonEmpty("password_required"),
  v.minLength(PASSWORD_MIN, "password_length"),
  v.maxLength(PASSWORD_MAX, "password_too_long"),
  v.check(isStrongPassword, "password_weak"),
);

export const verificationCodeSchema = v.pipe(
  v.string("code_required"),
  v.trim(),
  v.nonEmpty("code_required"),
  v.regex(CODE_RE, "code_invalid"),
);

/** The largest value of a PostgreSQL `integer` (int4): every id and count column of the schema. */
export const INT32_MAX = 2_147_483_647;

/**
 * A whole number between `min` and `max` (both within int4), given as a JSON number or as a string of digits (path
 * and query values, form fields): anything else, a fraction, a number beyond the bounds, or a digit string too long
 * to be one is refused with `code`. Every integer an operation takes goes through this (directly or as `idSchema`),
 * so no input reaches the database with a value its columns cannot hold.
 */
export const intSchema = <C extends string>(code: C, min = 0, max = INT32_MAX) =>
  v.pipe(
    v.union([v.pipe(v.number(), v.finite(code)), v.pipe(v.string(), v.regex(/^\d{1,10}$/, code), v.transform(Number))], code),
    v.integer(code),
    v.minValue(min, code),
    v.maxValue(max, code),
  );

/** An id (serial column): 1 to 2,147,483,647, as a number or a string of digits. */
export const idSchema = intSchema("id_invalid", 1);

/** Bot-check token, sent as `g-recaptcha-response` (ALTCHA payload, or anything when BOT_CHECK=off). */
export const botCheckField = { "g-recaptcha-response": v.optional(v.string(), "") };

/** `Idempotency-Key` header (DESIGN §3): 8–128 letters, digits or `_.:-` (a UUID fits). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Two sets of object-schema entries as one. A schema built from a spread (`v.strictObject({ ...a, b })`) cannot be
 * dropped by the minifier when nothing reads it (a spread may run getters), so a DTO schema the page never uses would
 * stay in its bundle: written as this pure call instead, it goes with its schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withEntries<A extends v.ObjectEntries, B extends v.ObjectEntries>(a: A, b: B): A & B {
  return { ...a, ...b };
}

/**
 * Another account's name in an answer (a transfer's counterpart, a referee, a buyer, a parent's child, a pupil of a
 * class tablet): its own words, or **null** (`name` and `last_name` both) while it is an operator's subscriber who has
 * not given theirs. The stored placeholder never leaves the server as a name: the reader's screen shows "Abonné Ooredoo",
 * "Ooredoo subscriber" or "مشترك Ooredoo" for null (`src/lib/displayName.tsx`), and a notification's text says it in
 * each language (`server/services/notifications/texts.ts`).
 */
export const PersonNameSchema = v.nullable(v.string());
export type PersonName = v.InferOutput<typeof PersonNameSchema>;
