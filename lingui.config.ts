import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "fr",
  locales: ["fr", "en", "ar"],
  fallbackLocales: { default: "fr" },
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "**/*.test.tsx", "**/*.test.ts"],
    },
  ],
  // No line numbers in the catalogs: moving code does not rewrite them.
  format: formatter({ lineNumbers: false }),
});
