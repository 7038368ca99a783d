/**
 * Operator commands. They ask the running server (same PORT, same DATA_DIR or JWT_SECRET) and, when none
 * answers, open the database themselves.
 *   npm run admin -- impersonate <phone|e-mail> [--admin <login>]   one-time /switch link (60 s)
 *   npm run admin -- expire-password <phone|e-mail>                 next login must reset the password
 */
import { createDeps, loadSecret } from "../boot";
import { loadEnv } from "../env";
import type { Deps } from "../lib/deps";
import { adminCliKey } from "../routes/admin/admin-key";
import { createImpersonation } from "../services/auth/impersonation";
import { expirePassword } from "../services/auth/password";

function usage(): never {
  console.error("usage: npm run admin -- impersonate <phone|e-mail> [--admin <admin login>]");
  console.error("       npm run admin -- expire-password <phone|e-mail>");
  process.exit(2);
}

const [command, login, ...rest] = process.argv.slice(2);
if (!login || (command !== "impersonate" && command !== "expire-password")) usage();
const adminIndex = rest.indexOf("--admin");
const admin = adminIndex >= 0 ? rest[adminIndex + 1] : undefined;

const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const base = env.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${env.PORT}`;
const secret = loadSecret(env);

/** The command through the running server; null when no server answers. */
async function viaServer<T>(path: string, body: unknown): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.PORT}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admin-key": adminCliKey(secret) },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
  const json = (await res.json()) as { payload?: T; message?: string };
  if (!res.ok || json.payload === undefined) {
    console.error(`refused: ${json.message ?? res.status}`);
    process.exit(1);
  }
  return json.payload;
}

async function viaDatabase<T>(verb: (deps: Deps) => Promise<T>): Promise<T> {
  const deps = await createDeps(env);
  try {
    return await verb(deps);
  } finally {
    await deps.database.close();
  }
}

if (command === "impersonate") {
  type Link = { token: string; adminId: number; userId: number; expiresAt: string | Date };
  const link =
    (await viaServer<Link>("/admin/impersonations", { login, admin })) ?? (await viaDatabase((deps) => createImpersonation(deps, login, admin)));
  const url = new URL("/switch", base);
  url.searchParams.set("token", link.token);
  url.searchParams.set("adminId", String(link.adminId));
  url.searchParams.set("userId", String(link.userId));
  console.log(url.toString());
  console.error(`single use, expires at ${new Date(link.expiresAt).toISOString()}`);
} else {
  const done = (await viaServer<{ userId: number }>("/admin/expire-password", { login })) ?? (await viaDatabase((deps) => expirePassword(deps, login)));
  console.log(`password expired for user ${done.userId}: the next login goes through a reset`);
}
