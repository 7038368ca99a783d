import { and, eq } from "drizzle-orm";
import type { ProfileUpdateOutput } from "../../../domain/profile";
import { countries, delegations, divisions, institutes, states, users } from "../../db/schema";
import type { AuthInfo } from "../../lib/auth";
import type { Deps } from "../../lib/deps";
import { fieldError, notFound } from "../../lib/errors";
import { requestParentLinkAfterAnswer } from "../account/parents";
import { checkKind, readStored, readUpload, removeStored, storeFile } from "./files";
import { assertContactFree, profileUser, refuseTestAccount, startContactChange } from "./contact";

const num = (x: number | "" | null | undefined): number | null => (typeof x === "number" ? x : null);

/** The address and class ids exist and hang together (governorate of the country, delegation and institute of the governorate). */
async function checkReferences(
  deps: Deps,
  input: {
    division: number;
    country: number | null;
    state: number | null;
    delegation: number | null;
    institute: number | null;
  },
) {
  const [division] = await deps.db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, input.division));
  if (!division) throw fieldError(422, "division", "division_invalid");
  if (input.country !== null) {
    const [country] = await deps.db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country));
    if (!country) throw fieldError(422, "country", "country_invalid");
  }
  if (input.state !== null) {
    const [state] = await deps.db.select({ countryId: states.countryId }).from(states).where(eq(states.id, input.state));
    if (!state || (input.country !== null && state.countryId !== input.country)) throw fieldError(422, "state", "state_invalid");
  }
  if (input.delegation !== null) {
    const [d] = await deps.db.select({ stateId: delegations.stateId }).from(delegations).where(eq(delegations.id, input.delegation));
    if (!d || d.stateId !== input.state) throw fieldError(422, "delegation", "delegation_invalid");
  }
  if (input.institute !== null) {
    const [i] = await deps.db
      .select({
        stateId: institutes.stateId,
        delegationId: institutes.delegationId,
      })
      .from(institutes)
      .where(eq(institutes.id, input.institute));
    if (!i || i.stateId !== input.state || (input.delegation !== null && i.delegationId !== null && i.delegationId !== input.delegation)) {
      throw fieldError(422, "institute", "institute_invalid");
    }
  }
}

/**
 * `POST /user/update` (SPEC §7 "User"): saves the profile and marks it completed. The class changes here only with
 * `hasEditDivision` (otherwise through a class-change request). A new phone or e-mail is not saved yet: a code goes to
 * it, and the answer carries `credential` so that the client asks for the code (`POST /user/confirm-code`).
 * A test account cannot edit (403 `test_account`).
 */
export async function updateProfile(deps: Deps, auth: AuthInfo, input: ProfileUpdateOutput) {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  const address = {
    country: num(input.country),
    state: num(input.state),
    delegation: num(input.delegation),
    institute: num(input.institute),
  };
  const division = input.division as number;
  // Outside Tunisia the governorate select is disabled: nothing below the country is kept.
  if (address.country !== null && address.country !== 1) Object.assign(address, { state: null, delegation: null, institute: null });
  await checkReferences(deps, { division, ...address });
  if (division !== user.divisionId && !user.hasEditDivision) throw fieldError(422, "division", "forbidden");
  const phone = input.phone || null;
  const email = input.email || null;
  // A phone can be changed, not removed, once set (it is a login); same for the e-mail.
  const newPhone = phone !== null && phone !== user.phone ? phone : null;
  const newEmail = email !== null && email !== (user.email ?? "").toLowerCase() ? email : null;
  // Refused before anything is written: a phone or an e-mail another account holds.
  if (newPhone) await assertContactFree(deps, user.id, "phone", newPhone);
  if (newEmail) await assertContactFree(deps, user.id, "email", newEmail);
  await deps.db
    .update(users)
    .set({
      name: input.name,
      lastName: input.lastName,
      birthDate: input.birthDate,
      phone2: input.phone2 || null,
      gender: input.gender || user.gender,
      divisionId: division,
      countryId: address.country,
      stateId: address.state,
      delegationId: address.delegation,
      instituteId: address.institute,
      completed: true,
    })
    .where(eq(users.id, user.id));
  let credential: string | undefined;
  if (newPhone) credential = (await startContactChange(deps, user.id, "phone", newPhone)).credential;
  if (newEmail) {
    const sent = await startContactChange(deps, user.id, "email", newEmail);
    credential ??= sent.credential;
  }
  return {
    credential: credential ?? null,
    pending: { phone: newPhone, email: newEmail },
  };
}

/**
 * `PUT /user/add-parent-phone`: the parent's phone is stored; a parent account that has it gets a pending request
 * after the answer (the account area's verb), so that the answer — the same for every phone — reveals no account.
 */
export async function setParentPhone(deps: Deps, auth: AuthInfo, phone: string) {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  if (phone === user.phone) throw fieldError(422, "phone2", "phone2_same_as_phone");
  await deps.db.update(users).set({ parentPhone: phone }).where(eq(users.id, user.id));
  void requestParentLinkAfterAnswer(deps, { childId: user.id, parentPhone: phone });
  return { hasPhoneParent: true as const };
}

/** The path `users.avatar` holds: the owner's photo, with its key so that a new photo is a new address. */
const avatarPath = (key: string) => `/user/avatar?v=${key.slice(0, 8)}`;
const keyOf = (stored: string | null) => (stored ? (/[?&]k=([^&]+)/.exec(stored)?.[1] ?? null) : null);

/**
 * `POST /user/avatar` (multipart `imageFile`): the cropped photo, checked by its first bytes (JPEG, PNG or WebP), stored
 * in the file store; the previous one is removed.
 */
export async function saveAvatar(deps: Deps, auth: AuthInfo, req: Request) {
  const user = await profileUser(deps, auth.userId);
  refuseTestAccount(user, auth);
  const { bytes } = await readUpload(req, "imageFile");
  const { kind } = checkKind(bytes, ["jpeg", "png", "webp"], "imageFile");
  const key = await storeFile(deps, "avatars", bytes, kind);
  const avatar = `${avatarPath(key)}&k=${key}`;
  await deps.db
    .update(users)
    .set({ avatar })
    .where(and(eq(users.id, user.id)));
  await removeStored(deps, "avatars", keyOf(user.avatar));
  return { avatar };
}

/** `GET /user/avatar`: the signed-in user's own photo (404 without one). */
export async function readAvatar(deps: Deps, auth: AuthInfo): Promise<{ bytes: Uint8Array; key: string }> {
  const user = await profileUser(deps, auth.userId);
  return readStoredAvatar(deps, user.avatar);
}

/** The photo `users.avatar` (as stored) points at; 404 without one. The caller decides who may see it. */
export async function readStoredAvatar(deps: Deps, stored: string | null): Promise<{ bytes: Uint8Array; key: string }> {
  const key = keyOf(stored);
  const bytes = key ? await readStored(deps, "avatars", key) : null;
  if (!key || !bytes) throw notFound();
  return { bytes, key };
}

/** A short version of the stored photo's key (a new photo is a new address), never the key itself; null without one. */
export const avatarVersion = (stored: string | null): string | null => keyOf(stored)?.slice(0, 8) ?? null;
