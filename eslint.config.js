// ESLint flat config: what the linter checks, and why (ADR 0007). `npm run lint` fails on any finding.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", ".tmp/", "node_modules/", "public/", "screenshots/", "worker-configuration.d.ts"] },
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
