/**
 * Error and validation codes. The server sends them (`code`, and in `errors` per field);
 * the client translates them. The English text is the developer-facing description.
 */
export const ERRORS = {
  // generic
  validation_failed: "The request is invalid",
  unauthorized: "Authentication required",
  forbidden: "Not allowed",
  not_found: "Not found",
  conflict: "Conflict",
  rate_limited: "Too many requests",
  server_error: "Server error",
  bot_check_failed: "Bot check failed",
  idempotency_conflict: "Idempotency key reused with another body",
  id_invalid: "Not a valid identifier",
  // login
  username_required: "Username is required",
  username_invalid: "Username must be an e-mail or a Tunisian phone number",
  password_required: "Password is required",
  password_min: "Password must have at least 8 characters",
  invalid_credentials: "Invalid credentials",
  // registration
  name_required: "Name is required",
  name_invalid: "Name must be 2 to 25 letters",
  last_name_required: "Last name is required",
  last_name_invalid: "Last name must be 2 to 25 letters",
  phone_required: "Phone is required",
  phone_invalid: "Phone number is invalid",
  email_required: "E-mail is required",
  email_invalid: "E-mail is invalid",
  birth_date_required: "Birth date is required",
  birth_date_invalid: "Birth date must be dd/mm/yyyy",
  birth_date_too_recent: "Age must be 5 years or older",
  password_length: "Password must have 8 to 16 characters",
  password_too_long: "The password value is too long It should have 16 characters or less",
  password_weak: "Password needs upper case, lower case, digit and special character",
  password_repeated: "Password repeats a character too many times in a row",
  password_mismatch: "Passwords do not match",
  new_password_mismatch: "New passwords do not match",
  password_same_as_old: "New password must differ from the old one",
  old_password_required: "Old password is required",
  old_password_wrong: "Old password is wrong",
  division_required: "Class is required",
  division_invalid: "Unknown class",
  state_required: "Governorate is required",
  state_invalid: "Unknown governorate",
  country_required: "Country is required",
  country_invalid: "Unknown country",
  optional_subject_invalid: "Unknown optional subject",
  account_already_used: "Account information already used",
  // codes
  code_required: "Code is required",
  code_invalid: "Code invalid",
  code_expired: "Code expired",
  code_too_many_tries: "Too many wrong codes",
  already_verified: "You are verified",
  credential_required: "Phone or e-mail is required",
  credential_unknown: "No account with this phone or e-mail",
  token_invalid: "Token invalid or expired",
  // account state
  not_verified: "Account not verified",
  must_change_password: "Password must be changed",
  password_expired: "Password expired: reset it with a code",
  test_account: "Test accounts cannot do this",
} as const;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** The response envelope of DESIGN §3. */
export interface ApiSuccess<T> {
  payload: T;
  message?: string;
  meta?: { current_page: number; last_page: number; total: number };
}
export interface ApiError {
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}
