/**
 * Operator commands. `npm run admin -- impersonate <phone|e-mail> [--admin <login>]` prints a one-time
 * /switch link (60 s). It asks the running server (PORT) and, when none answers, opens the database itself.
 */
import { createDeps, loadSecret } from "../boot";
import { loadEnv } from "../env";
import { adminCliKey } from "../routes/admin/impersonations";
import { createImpersonation } from "../services/auth/impersonation";

function usage(): never {
  console.error("usage: npm run admin -- impersonate <phone|e-mail> [--admin <admin login>]");
  process.exit(2);
}

const [command, login, ...rest] = process.argv.slice(2);
if (command !== "impersonate" || !login) usage();
const adminIndex = rest.indexOf("--admin");
const admin = adminIndex >= 0 ? rest[adminIndex + 1] : undefined;

const env = loadEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const base = env.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${env.PORT}`;
const secret = loadSecret(env);

type Link = { token: string; adminId: number; userId: number; expiresAt: string | Date };

async function viaServer(): Promise<Link | null> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${env.PORT}/api/admin/impersonations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admin-key": adminCliKey(secret) },
      body: JSON.stringify({ login, admin }),
    });
  } catch {
    return null;
  }
  const json = (await res.json()) as { payload?: Link; message?: string };
  if (!res.ok || !json.payload) {
    console.error(`refused: ${json.message ?? res.status}`);
    process.exit(1);
  }
  return json.payload;
}

async function viaDatabase(): Promise<Link> {
  const deps = await createDeps(env);
  try {
    return await createImpersonation(deps, login!, admin);
  } finally {
    await deps.database.close();
  }
}

const link = (await viaServer()) ?? (await viaDatabase());
const url = new URL("/switch", base);
url.searchParams.set("token", link.token);
url.searchParams.set("adminId", String(link.adminId));
url.searchParams.set("userId", String(link.userId));
console.log(url.toString());
console.error(`single use, expires at ${new Date(link.expiresAt).toISOString()}`);
