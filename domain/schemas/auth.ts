import * as v from "valibot";
import { PASSWORD_MAX, PASSWORD_MIN, TUNISIA_COUNTRY_ID } from "../constants";
import {
  botCheckField,
  idSchema,
  isBirthDateAllowed,
  isEmail,
  isTunisianPhone,
  longestRun,
  nameSchema,
  newPasswordSchema,
  parseDdMmYyyy,
  verificationCodeSchema,
} from "./common";

export { LoginSchema,   } from "./login";

const optionalId = v.optional(v.nullable(v.union([idSchema, v.literal("")])));
const toId = (x: number | "" | null | undefined): number | null => (typeof x === "number" ? x : null);

/**
 * Registration. Phone is required for Tunisia or an unknown country, e-mail outside Tunisia;
 * the governorate is required in Tunisia.
 */
export const RegisterSchema = v.pipe(
  v.object({
    name: nameSchema("name_required", "name_invalid"),
    lastName: nameSchema("last_name_required", "last_name_invalid"),
    phone: v.optional(v.pipe(v.string(), v.trim()), ""),
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase()), ""),
    birthDate: v.pipe(
      v.string("birth_date_required"),
      v.trim(),
      v.nonEmpty("birth_date_required"),
      v.check((s) => parseDdMmYyyy(s) !== null, "birth_date_invalid"),
      v.check((s) => isBirthDateAllowed(parseDdMmYyyy(s) ?? ""), "birth_date_too_recent"),
    ),
    plainPassword: v.pipe(
      v.object({
        first: newPasswordSchema,
        second: v.pipe(v.string("password_required"), v.nonEmpty("password_required")),
      }),
      v.forward(
        v.check((p) => p.first === p.second, "password_mismatch"),
        ["second"],
      ),
    ),
    country: optionalId,
    state: optionalId,
    division: v.pipe(
      v.union([idSchema, v.literal(""), v.null(), v.undefined()], "division_required"),
      v.check((x) => typeof x === "number", "division_required"),
    ),
    optionalSubject: optionalId,
    referralCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32)), ""),
    ...botCheckField,
  }),
  v.forward(
    v.check((i) => {
      const country = toId(i.country);
      if (country !== null && country !== TUNISIA_COUNTRY_ID) return true;
      return i.phone !== "";
    }, "phone_required"),
    ["phone"],
  ),
  v.forward(
    v.check((i) => i.phone === "" || isTunisianPhone(i.phone), "phone_invalid"),
    ["phone"],
  ),
  v.forward(
    v.check((i) => {
      const country = toId(i.country);
      return country === null || country === TUNISIA_COUNTRY_ID || i.email !== "";
    }, "email_required"),
    ["email"],
  ),
  v.forward(
    v.check((i) => i.email === "" || isEmail(i.email), "email_invalid"),
    ["email"],
  ),
  v.forward(
    v.check((i) => toId(i.country) !== TUNISIA_COUNTRY_ID || toId(i.state) !== null, "state_required"),
    ["state"],
  ),
);
export type RegisterInput = v.InferInput<typeof RegisterSchema>;
export type RegisterOutput = v.InferOutput<typeof RegisterSchema>;

export const ConfirmRegistrationSchema = v.object({ token: verificationCodeSchema });

export const CredentialSchema = v.object({
  credentiel: v.pipe(
    v.string("credential_required"),
    v.trim(),
    v.nonEmpty("credential_required"),
    v.check((s) => isEmail(s) || isTunisianPhone(s), "username_invalid"),
  ),
});

/** New password on the reset screen: registration rules plus no run of six identical characters. */
const resetPassword = v.pipe(newPasswordSchema, v.check((s) => longestRun(s) < 6, "password_repeated"));

export const ResetPasswordSchema = v.pipe(
  v.object({
    token: verificationCodeSchema,
    credential: v.pipe(
      v.string("credential_required"),
      v.trim(),
      v.nonEmpty("credential_required"),
      v.check((s) => isEmail(s) || isTunisianPhone(s), "username_invalid"),
    ),
    newPassword: resetPassword,
    retypePassword: v.pipe(v.string("password_required"), v.nonEmpty("password_required")),
    ...botCheckField,
  }),
  v.forward(
    v.check((i) => i.newPassword === i.retypePassword, "password_mismatch"),
    ["retypePassword"],
  ),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;
export type ResetPasswordOutput = v.InferOutput<typeof ResetPasswordSchema>;

/** Change password: all required, old and new at most 16, complexity, no run of three, confirmation equal, new differs. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(
      v.string("old_password_required"),
      v.nonEmpty("old_password_required"),
      v.maxLength(PASSWORD_MAX, "password_too_long"),
    ),
    newPassword: v.pipe(
      v.string("password_required"),
      v.nonEmpty("password_required"),
      v.maxLength(PASSWORD_MAX, "password_too_long"),
      v.minLength(PASSWORD_MIN, "password_length"),
      v.check((s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s) && /[^A-Za-z0-9]/.test(s), "password_weak"),
      v.check((s) => longestRun(s) < 3, "password_repeated"),
    ),
    new_password_confirmation: v.pipe(v.string("password_required"), v.nonEmpty("password_required")),
    ...botCheckField,
  }),
  v.forward(
    v.check((i) => i.newPassword === i.new_password_confirmation, "new_password_mismatch"),
    ["new_password_confirmation"],
  ),
  v.forward(
    v.check((i) => i.newPassword !== i.oldPassword, "password_same_as_old"),
    ["newPassword"],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;
export type ChangePasswordOutput = v.InferOutput<typeof ChangePasswordSchema>;

export const ImpersonationExchangeSchema = v.object({
  token: v.pipe(v.string("token_invalid"), v.minLength(20, "token_invalid"), v.maxLength(200, "token_invalid")),
  adminId: idSchema,
  userId: idSchema,
});

