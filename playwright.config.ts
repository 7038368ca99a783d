import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Shared with the tests (the admin CLI test talks to this server and reads its secret from here).
process.env.E2E_PORT = String(PORT);
process.env.E2E_DATA_DIR ??= join(tmpdir(), `darsi-e2e-${PORT}`);

/**
 * End-to-end tests against the real server and the production build (scripts/e2e-server.mjs builds when needed).
 * Browsers: Debian's Chromium, never `playwright install` (CHROMIUM_PATH overrides the path).
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Africa/Tunis",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/health`,
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    // A cold start may include `vite build`.
    timeout: 300_000,
    reuseExistingServer: !CI,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
