#!/usr/bin/env node
// The typecheck and the lint on one TypeScript program (ADR 0018, "measured a ninth time"). `tsc --noEmit` and the
// type-aware lint rules each build the program and check its types: about 80 and 110 s of CPU on the 2-core machine.
// Here the program is built once from tsconfig.json, its diagnostics are what `tsc --noEmit` reports, and ESLint
// (the project's own eslint.config.js, unchanged) is given that program for its type information
// (`parserOptions.programs`), so the checker's work is done once. Fails on any type error or lint finding, as
// `npm run typecheck` and `npm run lint` do; both stay the commands to run alone.
import { ESLint } from "eslint";
import ts from "typescript";
import { checkLayerRule } from "./check-lint-rule.mjs";

const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, "tsconfig.json");
const read = ts.readConfigFile(configPath, ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, process.cwd(), undefined, configPath);
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });

const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program)];
const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => "\n" };
if (diagnostics.length) console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
console.log(`Typecheck: ${diagnostics.length} errors in ${parsed.fileNames.length} files.`);

const options = {
  overrideConfig: { files: ["**/*.{ts,tsx}"], languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
};
const eslint = new ESLint(options);
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const output = await formatter.format(results);
if (output) console.log(output);
const findings = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
console.log(`Lint: ${findings} findings in ${results.length} files.`);

// The layer rule bites on its fixtures (tests/lint-fixtures/, in the same program).
const layer = await checkLayerRule(options);
(layer.problems.length ? console.error : console.log)(layer.summary);
process.exit(diagnostics.length || findings || layer.problems.length ? 1 : 0);
