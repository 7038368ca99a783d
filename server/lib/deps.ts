import type { Database, Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "./logger";
import type { Messaging } from "../adapters/messaging";
import type { BotCheck } from "../adapters/bot-check";
import type { FileStore } from "./storage";

/** What every service verb may use. Tests build their own with a fake clock. */
export interface Deps {
  db: Db;
  database: Database;
  env: Env;
  log: Logger;
  /** Signs tokens and keys the hashes of codes. */
  secret: string;
  messaging: Messaging;
  botCheck: BotCheck;
  /** Uploaded files, the same for every process (local directory or S3: server/adapters/storage). */
  files: FileStore;
  now: () => Date;
}
