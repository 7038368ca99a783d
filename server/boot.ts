import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase } from "./db/client";
import { seedDemo } from "./db/seed/demo";
import { ensurePlatformWallets } from "./services/wallet/ledger";
import { seedLearning } from "./db/seed/learning";
import { seedOffers } from "./db/seed/offers";
import { seedOperator } from "./db/seed/operator";
import { seedExams } from "./db/seed/exams";
import { seedEvents } from "./db/seed/events";
import { seedTeaching } from "./db/seed/teaching";
import { seedNotifications } from "./db/seed/notifications";
import { seedProfile } from "./db/seed/profile";
import { seedAccount } from "./db/seed/account";
import { seedQuizzes } from "./db/seed/quiz";
import { seedReference } from "./db/seed/reference";
import type { Env } from "./env";
import { createAltchaBotCheck, offBotCheck } from "./adapters/bot-check";
import { createMessageQueue, localMessageChannels } from "./adapters/messaging";
import { kickMessages } from "./services/messages/dispatch";
import type { Deps } from "./lib/deps";
import { createLogger } from "./lib/logger";

/** The signing secret: JWT_SECRET, else one generated once and kept in DATA_DIR (never in production). */
export function loadSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === "production") throw new Error("JWT_SECRET is required in production");
  if (env.DATA_DIR === "memory://") return randomBytes(32).toString("hex");
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = join(env.DATA_DIR, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** Opens the database, applies migrations, seeds on first start and wires the adapters. */
export async function createDeps(env: Env, overrides: Partial<Pick<Deps, "now">> = {}): Promise<Deps> {
  const log = createLogger(env.LOG_LEVEL);
  const secret = loadSecret(env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const now = overrides.now ?? (() => new Date());
  if (await seedReference(database.db)) log.info("seeded reference data");
  await ensurePlatformWallets(database.db);
  if (env.SEED_DEMO && (await seedDemo(database.db, now()))) log.info("seeded demo accounts");
  if (await seedLearning(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded learning catalogue");
  if (await seedOffers(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded offers and discount codes");
  if (env.SEED_DEMO && (await seedOperator(database.db, now()))) log.info("seeded the operator subscriber and the influencer's revenue");
  if (env.SEED_DEMO && (await seedQuizzes(database.db))) log.info("seeded quizzes");
  if (await seedExams(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded exams");
  if (await seedEvents(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded events");
  if (await seedTeaching(database.db, { demo: env.SEED_DEMO })) log.info("seeded the demo teacher's subjects");
  if (await seedNotifications(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded notifications");
  if (await seedProfile(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded profile");
  if (await seedAccount(database.db, now(), { demo: env.SEED_DEMO })) log.info("seeded account");
  return {
    db: database.db,
    database,
    env,
    log,
    secret,
    now,
    // Messages are queued here and delivered by the dispatcher of each server process (services/messages/dispatch.ts).
    messaging: createMessageQueue(database.db, log, {
      keepCodes: env.NODE_ENV !== "production",
      localChannels: localMessageChannels(env),
      logBodies: env.NODE_ENV !== "production",
      onQueued: kickMessages,
    }),
    botCheck: env.BOT_CHECK === "off" ? offBotCheck : createAltchaBotCheck(database.db, secret, now),
  };
}
