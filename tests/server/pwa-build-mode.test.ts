// The PWA is always a production build, whatever NODE_ENV the shell or the server has (issue 8, item 7): with
// NODE_ENV=development in the environment, `vite build` made React's development bundle (151 → 227 kB of JS on /login)
// and a service worker that never controlled the page. Cheap check: Vite resolves vite.config.ts for `build` in a child
// process whose NODE_ENV is "development" (as `NODE_ENV=development npm start` gives it), and must decide production —
// the same decision that picks React's production build and `import.meta.env.DEV === false`.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const PROBE = `
import { resolveConfig } from "vite";
// The arguments of \`vite build\` (its default mode and NODE_ENV are "production" when none is set).
const config = await resolveConfig({ configFile: "vite.config.ts", logLevel: "silent" }, "build", "production", "production");
console.log(JSON.stringify({ isProduction: config.isProduction, mode: config.mode, DEV: config.env.DEV, PROD: config.env.PROD, nodeEnv: process.env.NODE_ENV }));
`;

async function resolvedWith(nodeEnv: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", PROBE], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: nodeEnv },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

describe("PWA build mode", () => {
  it.each(["development", "test"])("is a production build with NODE_ENV=%s", async (nodeEnv) => {
    expect(await resolvedWith(nodeEnv)).toEqual({ isProduction: true, mode: "production", DEV: false, PROD: true, nodeEnv: "production" });
  });
});
