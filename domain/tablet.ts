/**
 * Shared-tablet class mode (issue 23): the one-time device code, the device credential, the pupils' grid and the
 * PIN sign-in, written once as valibot schemas (requests and answers) with the rules' constants.
 */
import * as v from "valibot";
import { idSchema } from "./schemas/common";
import { USER_TYPES } from "./user";
import { PersonNameSchema } from "./schemas/common";

/** A device code lives 15 minutes and is used once. */
export const TABLET_CODE_MINUTES = 15;
/** A PIN dies after this many wrong tries in a row; the pupil's real password then sets a new one. */
export const PIN_MAX_TRIES = 5;
/** Pupils per page of the tablet's grid. */
export const TABLET_PAGE_SIZE = 16;
/** The idle lock's default, in minutes (each tablet may have its own, 1 to 240). */
export const TABLET_IDLE_MINUTES = 10;
/** The header that carries the device credential. */
export const TABLET_HEADER = "x-tablet-key";

/** A device code as typed: letters and digits, spaces and dashes ignored, case-insensitive. */
const tabletCodeSchema = v.pipe(
  v.string("tablet_code_invalid"),
  v.transform((s) => s.replace(/[\s-]/g, "").toUpperCase()),
  v.regex(/^[A-Z0-9]{8}$/, "tablet_code_invalid"),
);

/**
 * The 9 pictures a picture-sequence PIN is made of (issue 23, item 2), in the keypad's order: a PIN of this kind is 4
 * of them (repeats allowed), sent as their names joined by "-" (`cat-sun-cat-tree`) and hashed like a digit PIN.
 */
export const PIN_PICTURES = ["cat", "dog", "fish", "sun", "star", "tree", "apple", "ball", "car"] as const;
export type PinPicture = (typeof PIN_PICTURES)[number];
/** What a pupil's PIN on a tablet is made of: 4 digits, or 4 pictures among `PIN_PICTURES`. */
const PIN_KINDS = ["digits", "pictures"] as const;
export type PinKind = (typeof PIN_KINDS)[number];
/** The length of a PIN, in digits or pictures. */
export const PIN_LENGTH = 4;

const DIGIT_PIN = /^\d{4}$/;
const PICTURE_PIN = new RegExp(`^(?:${PIN_PICTURES.join("|")})(?:-(?:${PIN_PICTURES.join("|")})){3}$`);

/** Whether `pin` is written as a PIN of `kind` (4 digits, or 4 picture names joined by "-"). */
export function pinOfKind(pin: string, kind: PinKind): boolean {
  return (kind === "pictures" ? PICTURE_PIN : DIGIT_PIN).test(pin);
}

const anyPin = (pin: string) => pinOfKind(pin, "digits") || pinOfKind(pin, "pictures");
/** A PIN of either kind: 4 digits or 4 picture names. */
const pinSchema = v.pipe(v.string("pin_format"), v.check(anyPin, "pin_format"));

export const TabletCodeBody = v.object({ code: tabletCodeSchema });
export const TabletPupilsQuery = v.object({
  page: v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer("validation_failed"), v.minValue(1, "validation_failed"), v.maxValue(10_000, "validation_failed")), 1),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "validation_failed")), ""),
});
export const TabletPinSignInBody = v.object({ user_id: idSchema, pin: pinSchema });
/** The real password and the new PIN, of the kind the pupil chose (`pin_kind`, digits unless said). */
export const TabletPasswordSignInBody = v.pipe(
  v.object({
    user_id: idSchema,
    password: v.pipe(v.string("password_required"), v.nonEmpty("password_required"), v.maxLength(200, "password_required")),
    pin: pinSchema,
    pin_kind: v.optional(v.picklist(PIN_KINDS, "pin_format"), "digits"),
  }),
  v.forward(
    // A PIN of neither kind is already refused on its own field: this names a PIN of the other kind only.
    v.check((b) => !anyPin(b.pin) || pinOfKind(b.pin, b.pin_kind), "pin_format"),
    ["pin"],
  ),
);

/** The class tablet as the device sees it. */
export const TabletDtoSchema = v.strictObject({
  id: v.number(),
  division_id: v.number(),
  division_name: v.string(),
  idle_minutes: v.number(),
});
export type TabletDto = v.InferOutput<typeof TabletDtoSchema>;

/** `POST /tablet/enable`: the tablet and its device credential (shown once, kept by the device). */
export const TabletEnabledDtoSchema = v.strictObject({ tablet: TabletDtoSchema, credential: v.string() });

/** A pupil of the grid: name, the address of their photo as the tablet may fetch it (`/tablet/pupils/{id}/avatar?v=…`, null without one), whether they chose a PIN on this tablet (and may still use it), and its kind. */
export const TabletPupilDtoSchema = v.strictObject({
  id: v.number(),
  /** Null both for an operator's subscriber who has not given their name (`PersonNameSchema`). */
  name: PersonNameSchema,
  last_name: PersonNameSchema,
  avatar: v.nullable(v.string()),
  pin: v.picklist(["none", "set", "locked"]),
  /** What their PIN on this tablet is made of (digits while they have none). */
  pin_kind: v.picklist(PIN_KINDS),
});
export type TabletPupilDto = v.InferOutput<typeof TabletPupilDtoSchema>;

/**
 * A pupil signed in on the tablet: a session like a login's, and `vault_key` (64 hex characters) — the key that seals
 * their unsent work on this tablet when the network is down; it comes with each sign-in and is never kept in clear.
 */
export const TabletSessionDtoSchema = v.strictObject({
  token: v.string(),
  expires_at: v.string(),
  user_type: v.picklist(USER_TYPES),
  vault_key: v.string(),
  pupil: v.strictObject({ id: v.number(), name: v.string(), last_name: v.string(), avatar: v.nullable(v.string()) }),
});
export type TabletSessionDto = v.InferOutput<typeof TabletSessionDtoSchema>;

/** `POST /admin/tablet-codes`: the code to type at /tablette, its class and when it dies. */
export const TabletCodeDtoSchema = v.strictObject({ code: v.string(), division_id: v.number(), division_name: v.string(), idle_minutes: v.number(), expires_at: v.string() });
export type TabletCodeDto = v.InferOutput<typeof TabletCodeDtoSchema>;

/** `POST /admin/tablets/{id}/revoke` and `POST /tablet/disable`: the tablet, off for good. */
export const TabletRevokedDtoSchema = v.strictObject({ id: v.number(), revoked_at: v.string() });
export type TabletRevokedDto = v.InferOutput<typeof TabletRevokedDtoSchema>;

/** `POST /tablet/unlock`: a teacher's code let the tablet open one external link (kiosk). */
export const TabletUnlockDtoSchema = v.strictObject({ unlocked_at: v.string() });
export type TabletUnlockDto = v.InferOutput<typeof TabletUnlockDtoSchema>;

export const AdminTabletCodeBody = v.object({
  division: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.nonEmpty("validation_failed"), v.maxLength(120, "validation_failed")),
  idle_minutes: v.optional(v.pipe(v.number("validation_failed"), v.integer("validation_failed"), v.minValue(1, "validation_failed"), v.maxValue(240, "validation_failed")), TABLET_IDLE_MINUTES),
});
export const TabletIdParams = v.object({ id: idSchema });

// ------------------------------------------------------------------ kept chapters per class (item 6)

/** Chapters a class may keep on its tablets at most (a teacher's or the operator's marks). */
export const TABLET_CHAPTERS_MAX = 40;
/**
 * The storage budget of a class tablet's shared chapters (bytes): what the start screen measures the kept chapters
 * against, and what the tablet never downloads beyond (less when the browser's quota is smaller). 2 GB: a class's
 * videos for a term on a 16 GB school tablet (decimal, as the screen shows it: "2 Go"), leaving room for the app and the pupils' own data.
 */
export const TABLET_STORAGE_BUDGET_BYTES = 2_000_000_000;

const chapterIds = v.pipe(
  v.array(idSchema, "validation_failed"),
  v.maxLength(TABLET_CHAPTERS_MAX, "validation_failed"),
  v.check((ids) => new Set(ids).size === ids.length, "validation_failed"),
);

/** `PUT /teacher/classes/{classId}/tablet-chapters`: the chapters (ids) of the teacher's subjects the class keeps. */
export const TeacherTabletChaptersBody = v.object({ chapters: chapterIds });
export const ClassIdParams = v.object({ classId: idSchema });
/** `POST /admin/tablet-chapters` (`npm run admin -- tablet-chapters <class> <chapter ids…>`): the class's whole list. */
export const AdminTabletChaptersBody = v.object({
  division: v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.nonEmpty("validation_failed"), v.maxLength(120, "validation_failed")),
  chapters: chapterIds,
});

const bytesSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** A chapter kept on the class's tablets: its names, subject, and every file of its keepable lessons (shared media). */
export const TabletChapterDtoSchema = v.strictObject({
  id: v.number(),
  subject: v.string(),
  subject_name: v.string(),
  subject_name_ar: v.string(),
  subject_name_en: v.nullable(v.string()),
  chapter: v.string(),
  /** The chapter's kind: a recordings chapter opens in the recordings' viewer. */
  type: v.picklist(["course", "recording", "exam", "divers"]),
  name: v.string(),
  name_ar: v.nullable(v.string()),
  name_en: v.nullable(v.string()),
  /** The files under /media (path without signature, size), each once. */
  files: v.array(v.strictObject({ path: v.string(), bytes: bytesSchema })),
  bytes: bytesSchema,
});
export type TabletChapterDto = v.InferOutput<typeof TabletChapterDtoSchema>;

/** What a teacher's or the operator's marking answers: the class and its chapters, in order. */
export const ClassTabletChaptersDtoSchema = v.strictObject({
  division_id: v.number(),
  chapters: v.array(v.strictObject({ id: v.number(), subject: v.string(), chapter: v.string() })),
});
export type ClassTabletChaptersDto = v.InferOutput<typeof ClassTabletChaptersDtoSchema>;

/** `GET /tablet/chapter-file?path=/media/…`: a file of a chapter kept for the tablet's class. */
export const TabletChapterFileQuery = v.object({
  path: v.pipe(v.string("validation_failed"), v.maxLength(500, "validation_failed"), v.regex(/^\/media\/(?!public\/)[^?#]+$/, "validation_failed"), v.check((p) => !p.includes(".."), "validation_failed")),
});
