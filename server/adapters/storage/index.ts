/** The file store the settings name (server/lib/storage.ts): the local directory by default, or S3 with STORAGE=s3. */
import type { Env } from "../../env";
import type { FileStore } from "../../lib/storage";
import { uploadsRoot } from "../../lib/uploads";
import { createLocalStore } from "./local";
import { createS3Store } from "./s3";

export function createFileStore(env: Env, secret: string): FileStore {
  if (env.STORAGE === "s3") {
    // loadEnv refused STORAGE=s3 with any of these missing: the assertions only carry that to the types.
    return createS3Store({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "true" || env.S3_FORCE_PATH_STYLE === "1",
    });
  }
  return createLocalStore(uploadsRoot(env), secret);
}
