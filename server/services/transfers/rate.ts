import type { RateRule } from "../../lib/rate-limit";

/** Limits of the transfer operations (multiplied by RATE_LIMIT_FACTOR), per account. */
export const TRANSFER_RATE = {
  /** A new transfer sends a code by SMS or e-mail. */
  createUser: { name: "transfer-create:user", limit: 10, windowSeconds: 600 },
  /** Code checks: with 5 tries per code, at most this many guesses in 10 minutes over all the account's transfers. */
  confirmUser: { name: "transfer-confirm:user", limit: 20, windowSeconds: 600 },
  /** Resent codes. */
  resendUser: { name: "transfer-resend:user", limit: 3, windowSeconds: 600 },
} satisfies Record<string, RateRule>;
