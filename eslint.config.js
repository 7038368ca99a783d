import { readdirSync, existsSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import pluginQuery from "@tanstack/eslint-plugin-query";
import pluginLingui from "eslint-plugin-lingui";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

const features = existsSync("src/features") ? readdirSync("src/features", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/** Who may import whom (DESIGN §2). `target` is the importing file, `from` what it may not import. */
const zones = [
  { target: "./domain", from: ["./src", "./server", "./service-worker", "./tests"], message: "domain/ imports nothing of the project." },
  { target: "./server", from: ["./src", "./service-worker"], message: "server/ imports domain/ and itself only." },
  { target: "./server/routes", from: "./server/db", message: "Routes call services; services own the database." },
  { target: "./src/features", from: ["./src/routes", "./src/app", "./server"], message: "Features import their own folder, src/components, src/lib and domain/." },
  { target: ["./src/components", "./src/lib"], from: ["./src/features", "./src/routes", "./src/app"], message: "Shared UI and lib are feature-agnostic." },
  { target: "./service-worker", from: ["./src/features", "./src/routes", "./src/app", "./src/components", "./server"], message: "The worker imports domain/ and the React-free store of src/lib only." },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: "./src/features",
    except: [`./${f}`],
    message: "A feature never imports another feature.",
  })),
];

const noFocusedTests = { selector: "CallExpression[callee.property.name=/^(only|skip)$/][callee.object.name=/^(it|test|describe)$/]", message: "No focused or skipped tests." };

export default tseslint.config(
  { ignores: ["dist", "dist-server", "node_modules", "src/routeTree.gen.ts", "coverage", "test-results", "playwright-report", ".data", "public", "server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: ["tsconfig.json", "server/tsconfig.json", "service-worker/tsconfig.json"] })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": ["error", { maxDepth: 6, ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", noFocusedTests],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.flat.recommended.rules },
  },
  ...pluginQuery.configs["flat/recommended"],
  {
    ...pluginLingui.configs["flat/recommended"],
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.{js,mjs}", "tests/**/*.{ts,mjs}", "*.config.{js,ts}", ".ci/**"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["service-worker/**/*.ts"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // A production function that does not fit on a screen has a seam: a hook, a sub-component, a verb (STYLE.md).
    files: ["src/**/*.{ts,tsx}", "server/**/*.ts", "domain/**/*.ts", "service-worker/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Types are carried, not cast: `as never` silences the type check of whatever receives the value. Tests may still
    // hand a partial fake to a function; the generated route tree is the router plugin's.
    files: ["src/**/*.{ts,tsx}", "server/**/*.ts", "domain/**/*.ts", "service-worker/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "src/routeTree.gen.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noFocusedTests,
        { selector: "TSAsExpression > TSNeverKeyword, TSTypeAssertion > TSNeverKeyword", message: "No `as never` outside tests: type the value (a typed helper, the route's search schema, the table's insert type)." },
      ],
    },
  },
);
