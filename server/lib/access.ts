/**
 * Who may call an operation: every route declares, next to its definition, the outcome each role gets when it calls
 * the operation with valid input (`RouteDef.access`, required). The declaration is published as `x-access` in
 * `/api/openapi.json`, and the authorization matrix (`tests/server/authz-matrix.test.ts`) calls every operation as
 * every role and fails on any answer that differs, so an undeclared success cannot ship. The server enforces the
 * parent and teacher cells itself (`enforceRole`): a 403 declared for them is what `mount()` answers.
 *
 * Write a preset, and spread it to change one role:
 *
 * ```ts
 * access: PUPIL_ONLY,                          // reads of the pupil's own class, no ids of anyone else
 * access: { ...PUPIL_ONLY, otherPupil: 404 },  // takes ids: another pupil's subject, lesson or quiz is not found
 * ```
 */
import { AppError } from "./errors";

/**
 * The roles of the matrix (DESIGN §3):
 * - `anonymous`: no token;
 * - `pupil`: pupil A (verified, Gold) on A's own resources;
 * - `otherPupil`: pupil A on pupil B's resources (B's subject, chapter, lesson, content or quiz ids; B is in another
 *   class) — the same as `pupil` for an operation that takes no ids;
 * - `parent`, `teacher`: the demo parent and teacher accounts, with A's ids;
 * - `unverified`: a registered pupil of A's class who never confirmed (the account gates of SPEC §2 decide first:
 *   403 `not_verified` unless the route's `passGates` include "unverified"; this cell is the outcome past the gate);
 * - `admin`: an operator impersonating pupil A (`/auth/switch`);
 * - `tablet`: pupil A signed in on a class tablet of A's class (a session whose `sessions.device` is `tablet:<id>`,
 *   issue 23): the same as `pupil`, but for what spends or moves money (`SPENDS_MONEY`: 403 `tablet_kiosk`).
 */
export const ROLES = ["anonymous", "pupil", "otherPupil", "parent", "teacher", "unverified", "admin", "tablet"] as const;
export type Role = (typeof ROLES)[number];

/** "ok" is any 2xx; a number is the refusal's HTTP status (with the error envelope). */
export type Outcome = "ok" | 401 | 403 | 404 | 409 | 422;

/**
 * One outcome per role: leaving a role out is a type error — but for `tablet`, which is the `pupil` cell unless the
 * operation says otherwise (`SPENDS_MONEY`); `fullAccess` writes it out (the published `x-access`).
 */
export type Access = Readonly<Record<Exclude<Role, "tablet">, Outcome>> & { readonly tablet?: Outcome };

/** Every role's outcome, `tablet` written out (the `pupil` cell unless the operation declares its own). */
export function fullAccess(access: Access): Readonly<Record<Role, Outcome>> {
  return { ...access, tablet: access.tablet ?? access.pupil };
}

/** Anyone, signed in or not (reference data, sign-in, registration). */
export const PUBLIC: Access = { anonymous: "ok", pupil: "ok", otherPupil: "ok", parent: "ok", teacher: "ok", unverified: "ok", admin: "ok" };

/** Any signed-in account, whatever its type: the account's own data (me, logout, password). */
export const SIGNED_IN: Access = { ...PUBLIC, anonymous: 401 };

/** Pupils only (students and influencers, or an operator acting as one): parents and teachers get 403. */
export const PUPIL_ONLY: Access = { ...SIGNED_IN, parent: 403, teacher: 403 };

/** Operator commands: only with the server's `X-Admin-Key`, which no role has (403 for everyone). */
export const OPERATOR_KEY: Access = { anonymous: 403, pupil: 403, otherPupil: 403, parent: 403, teacher: 403, unverified: 403, admin: 403 };

/**
 * A class tablet's operations (issue 23): only with the device credential of a live class tablet (`X-Tablet-Key`),
 * which is a principal of its own, not an account — no account's bearer token opens them (401 `tablet_required` for
 * every role). The tablet's own tests (tests/server/tablet.test.ts) call them as a device: codes, revocation, PINs,
 * and a tablet of class A that cannot list or sign in pupils of class B.
 */
export const TABLET_DEVICE: Access = { anonymous: 401, pupil: 401, otherPupil: 401, parent: 401, teacher: 401, unverified: 401, admin: 401 };

/**
 * Class-tablet kiosk (issue 23, item 5): what spends or moves money — buying, top-ups, transfers, conversions, gift
 * orders — is refused to a pupil signed in on a class tablet (403 `tablet_kiosk`, `enforceKiosk`), whatever else the
 * operation allows. Spread over the operation's own preset: `access: { ...PUPIL_ONLY, ...SPENDS_MONEY }`.
 */
export const SPENDS_MONEY = { tablet: 403 } as const satisfies Partial<Access>;
/** Teachers only (the teacher app's operations): pupils, parents, and an operator acting as a pupil get 403. */
export const TEACHER_ONLY: Access = { anonymous: 401, pupil: 403, otherPupil: 403, parent: 403, teacher: "ok", unverified: 403, admin: 403 };

/** The matrix role of an account type (`users.user_type`); students and influencers are pupils. */
const ROLE_OF_TYPE: Partial<Record<string, Role>> = { parent: "parent", teacher: "teacher" };

/** 403 `forbidden` for an account type its route declares 403 for (parents and teachers on pupils' routes). */
export function enforceRole(access: Access, userType: string): void {
  const role = ROLE_OF_TYPE[userType];
  if (role && access[role] === 403) throw new AppError(403, "forbidden");
}

/** 403 `tablet_kiosk` for a session opened on a class tablet on an operation that spends money (`SPENDS_MONEY`). */
export function enforceKiosk(access: Access, tabletId: number | null): void {
  if (tabletId !== null && access.tablet === 403 && access.pupil !== 403) throw new AppError(403, "tablet_kiosk");
}
