import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { openDatabase, type Db } from "./db/client";
import { seedDemo } from "./db/seed/demo";
import { ensurePlatformWallets } from "./services/wallet/ledger";
import { seedLearning } from "./db/seed/learning";
import { seedOffers } from "./db/seed/offers";
import { seedReferral } from "./db/seed/referral";
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
import { createFileStore } from "./adapters/storage";
import { kickMessages } from "./services/messages/dispatch";
import type { Deps } from "./lib/deps";
import { createLogger, type Logger } from "./lib/logger";

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

/** The reference data, the platform wallets and (SEED_DEMO) the demo: each part writes only what is missing. */
async function seed(db: Db, env: Env, log: Logger, now: () => Date): Promise<void> {
  if (await seedReference(db)) log.info("seeded reference data");
  await ensurePlatformWallets(db);
  if (env.SEED_DEMO && (await seedDemo(db, now()))) log.info("seeded demo accounts");
  if (await seedLearning(db, now(), { demo: env.SEED_DEMO })) log.info("seeded learning catalogue");
  if (await seedOffers(db, now(), { demo: env.SEED_DEMO })) log.info("seeded offers and discount codes");
  if (env.SEED_DEMO && (await seedOperator(db, now()))) log.info("seeded the operator subscriber and the influencer's revenue");
  if (env.SEED_DEMO && (await seedQuizzes(db))) log.info("seeded quizzes");
  if (await seedExams(db, now(), { demo: env.SEED_DEMO })) log.info("seeded exams");
  if (await seedEvents(db, now(), { demo: env.SEED_DEMO })) log.info("seeded events");
  if (await seedTeaching(db, { demo: env.SEED_DEMO })) log.info("seeded the demo teacher's subjects");
  if (await seedNotifications(db, now(), { demo: env.SEED_DEMO })) log.info("seeded notifications");
  if (await seedProfile(db, now(), { demo: env.SEED_DEMO })) log.info("seeded profile");
  if (await seedAccount(db, now(), { demo: env.SEED_DEMO })) log.info("seeded account");
  if (await seedReferral(db, now(), { demo: env.SEED_DEMO })) log.info("seeded gifts and the referral demo");
}

/** Opens the database, applies migrations, seeds on first start and wires the adapters. */
export async function createDeps(env: Env, overrides: Partial<Pick<Deps, "now">> = {}): Promise<Deps> {
  const log = createLogger(env.LOG_LEVEL);
  const secret = loadSecret(env);
  const now = overrides.now ?? (() => new Date());
  // The seed runs under the boot lock with the migrations (db/client.ts): once, however many processes start together.
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, setup: (db) => seed(db, env, log, now) });
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
    files: createFileStore(env, secret),
  };
}
