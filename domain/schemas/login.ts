import * as v from "valibot";
import { PASSWORD_MIN } from "../constants";
import { botCheckField, isEmail, isTunisianPhone } from "./common";

/** Login: phone (+216 / 00216 forms accepted) or e-mail, and a password of at least 8 characters. */
export const LoginSchema = v.object({
  username: v.pipe(
    v.string("username_required"),
    v.trim(),
    v.nonEmpty("username_required"),
    v.check((s) => isEmail(s) || isTunisianPhone(s), "username_invalid"),
  ),
  password: v.pipe(v.string("password_required"), v.nonEmpty("password_required"), v.minLength(PASSWORD_MIN, "password_min")),
  ...botCheckField,
});
export type LoginOutput = v.InferOutput<typeof LoginSchema>;
