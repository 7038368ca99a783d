import type { Context } from "hono";
import { hmac, safeEqualHex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";

/** The operator key the admin CLI derives from the server secret (same machine, same DATA_DIR or JWT_SECRET). */
export const adminCliKey = (secret: string) => hmac(secret, "admin-cli");

export function requireAdminKey(c: Context, secret: string): void {
  const key = c.req.header("x-admin-key") ?? "";
  if (!/^[0-9a-f]{64}$/.test(key) || !safeEqualHex(key, adminCliKey(secret))) throw new AppError(403, "forbidden");
}
