import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { LINGUI_BABEL_PLUGINS } from "./scripts/lib/lingui-source-messages.mjs";

export default defineConfig({
  resolve: {
    alias: {
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  plugins: [react(), babel({ plugins: LINGUI_BABEL_PLUGINS }), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "domain", include: ["domain/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "ui",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Stylesheet links (the device's last screens list them) are not fetched, and that is not an error.
          environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
          setupFiles: ["tests/setup-ui.ts"],
          testTimeout: 15000,
        },
      },
    ],
  },
});
