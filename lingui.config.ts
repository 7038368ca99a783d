import { defineConfig } from "@lingui/cli";

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
  format: "po",
});
