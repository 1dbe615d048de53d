// ESLint flat config: what the linter checks, and why (ADR 0007). `npm run lint` fails on any finding.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // tests/lint-fixtures/ break the layer rule on purpose: scripts/check-lint-rule.mjs lints them and expects each error.
    ignores: [
      "build/",
      ".wrangler/",
      ".tmp/",
      "node_modules/",
      "public/",
      "screenshots/",
      "worker-configuration.d.ts",
      "tests/lint-fixtures/",
    ],
  },
  // A suppression that no longer suppresses anything is a finding too.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Every file: unused code is an error; `_` marks a parameter a signature needs but the body does not.
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-console": "off",
      // The input rules strip control characters on purpose (validation, CSV import, the RSS feed): a regex
      // naming them is the point, not a mistake.
      "no-control-regex": "off",
    },
  },
  {
    // TypeScript: type-aware rules for promises, the bugs a type checker alone lets through.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    // The layers (docs/how-it-works.md, "Layers"), lowest first: db <- lib <- components <- delivery (app/email) <- features
    // <- routes and the app's entry modules. An import may only go down (or stay inside its own element). A feature
    // uses another feature only through that feature's public module: index.ts (browser and server) or
    // index.server.ts (server only). Nothing imports routes. Checked on the app and on tests/lint-fixtures/ (whose
    // paths end like the app's: patterns match from the right of a path).
    files: ["app/**/*.{ts,tsx}", "server.ts", "load-context.ts", "tests/lint-fixtures/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      "boundaries/elements": [
        { type: "db", pattern: "app/db" },
        { type: "lib", pattern: "app/lib" },
        { type: "components", pattern: "app/components" },
        { type: "delivery", pattern: "app/email" },
        { type: "feature", pattern: "app/features/*", capture: ["name"] },
        { type: "routes", pattern: "app/routes" },
        // The rest of app/: root.tsx, the entry modules, delivery-setup.server.ts (like server.ts, composition roots).
        { type: "app", pattern: "app" },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "{{from.type}} may not import {{to.type}} {{to.captured.name}} ({{to.internalPath}}): imports go down the layers db <- lib <- components <- delivery <- features <- routes, and into another feature only through its index.ts or index.server.ts",
          policies: [
            { from: { element: { type: "db" } }, allow: { to: { element: { type: "db" } } } },
            { from: { element: { type: "lib" } }, allow: { to: { element: { type: ["db", "lib"] } } } },
            { from: { element: { type: "components" } }, allow: { to: { element: { type: ["db", "lib", "components"] } } } },
            { from: { element: { type: "delivery" } }, allow: { to: { element: { type: ["db", "lib", "delivery"] } } } },
            {
              from: { element: { type: "feature" } },
              allow: {
                to: {
                  element: [
                    { type: ["db", "lib", "components", "delivery"] },
                    { type: "feature", captured: { name: "{{from.captured.name}}" } },
                    { type: "feature", internalPath: ["index.ts", "index.server.ts"] },
                  ],
                },
              },
            },
            {
              from: { element: { type: ["routes", "app"] } },
              allow: { to: { element: { type: ["db", "lib", "components", "delivery", "feature", "app"] } } },
            },
          ],
        },
      ],
    },
  },
  {
    // React: the rules of hooks and their dependencies, and accessible JSX.
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Node scripts and config files.
    files: ["scripts/**/*.{js,mjs}", "*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
