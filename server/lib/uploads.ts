/**
 * Where uploaded files live: `<DATA_DIR>/uploads/<area>/…` (exam homework, report cards, profile photos), or a
 * temporary directory of this process when the database is in memory (tests), never a `memory:` folder in the
 * working directory. Keys are paths the server made (never a name a pupil chose).
 */
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "../env";

let memoryRoot: string | undefined;

export function uploadsRoot(env: Pick<Env, "DATA_DIR">): string {
  if (env.DATA_DIR.startsWith("memory://")) {
    memoryRoot ??= join(tmpdir(), `darsi-uploads-${process.pid}`);
    return memoryRoot;
  }
  return resolve(env.DATA_DIR, "uploads");
}
