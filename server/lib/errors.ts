import type { ErrorCode } from "../../domain/errors";
import { ERROR_DESCRIPTIONS } from "./error-descriptions";

/** A failure the client should see, with its HTTP status, code and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly errors?: Record<string, string[]>,
    message?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_DESCRIPTIONS[code]);
  }
}

export const fieldError = (status: 400 | 404 | 422, field: string, code: ErrorCode) => new AppError(status, code, { [field]: [code] });
export const unauthorized = (code: ErrorCode = "unauthorized") => new AppError(401, code);
export const forbidden = (code: ErrorCode = "forbidden") => new AppError(403, code);
export const notFound = () => new AppError(404, "not_found");
