/**
 * Error and validation codes. The server sends them (`code`, and in `errors` per field); the client
 * translates them (src/lib/i18n/errors.ts). Their English descriptions live with the server.
 */
export const ERROR_CODES = [
  "validation_failed",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "server_error",
  "bot_check_failed",
  "idempotency_conflict",
  "id_invalid",
  "username_required",
  "username_invalid",
  "password_required",
  "password_min",
  "invalid_credentials",
  "name_required",
  "name_invalid",
  "last_name_required",
  "last_name_invalid",
  "phone_required",
  "phone_invalid",
  "email_required",
  "email_invalid",
  "birth_date_required",
  "birth_date_invalid",
  "birth_date_too_recent",
  "password_length",
  "password_too_long",
  "password_weak",
  "password_repeated",
  "password_mismatch",
  "new_password_mismatch",
  "password_same_as_old",
  "old_password_required",
  "old_password_wrong",
  "division_required",
  "division_invalid",
  "state_required",
  "state_invalid",
  "country_required",
  "country_invalid",
  "optional_subject_invalid",
  "account_already_used",
  "code_required",
  "code_invalid",
  "code_expired",
  "code_too_many_tries",
  "already_verified",
  "credential_required",
  "credential_unknown",
  "token_invalid",
  "not_verified",
  "password_change_required",
  "profile_incomplete",
  "password_expired",
  "test_account",
  "slug_invalid",
  "page_invalid",
  "per_page_invalid",
  "limit_invalid",
  "term_required",
  "term_too_short",
  "term_too_long",
  "report_reason_required",
  "report_reason_invalid",
  "description_required",
  "description_too_long",
  "content_invalid",
  "idempotency_key_invalid",
  "content_locked",
  "quiz_token_invalid",
  "quiz_answers_incomplete",
  "quiz_answer_invalid",
  "reaction_type_invalid",
  "payload_too_large",
  "unsupported_media_type",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && CODES.has(value);
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
