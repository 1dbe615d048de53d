#!/usr/bin/env node
// Proves the layer rule bites: lints tests/lint-fixtures/ (ignored by the main run) and fails unless ESLint reports
// `boundaries/dependencies` on exactly the lines after each `// lint-expect: boundaries/dependencies` marker, and
// nothing else. Part of `npm run lint`; `scripts/check-types-and-lint.mjs` (npm test) calls `checkLayerRule` with
// its own program's ESLint options.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { pathToFileURL } from "node:url";
import { ESLint } from "eslint";

const RULE = "boundaries/dependencies";
const MARK = `// lint-expect: ${RULE}`;

/** The problems found (none when the rule holds) and a line to print when it does. */
export async function checkLayerRule(options = {}) {
  const eslint = new ESLint({ ...options, ignore: false });
  const results = await eslint.lintFiles(["tests/lint-fixtures/**/*.{ts,tsx}"]);
  const problems = [];
  let expected = 0;
  for (const result of results) {
    const file = relative(process.cwd(), result.filePath);
    const lines = readFileSync(result.filePath, "utf8").split("\n");
    const want = new Set(lines.flatMap((line, i) => (line.trim() === MARK ? [i + 2] : [])));
    expected += want.size;
    const got = new Set();
    for (const m of result.messages) {
      if (m.ruleId === RULE && want.has(m.line)) got.add(m.line);
      else problems.push(`${file}:${m.line}: unexpected ${m.ruleId ?? "error"}: ${m.message}`);
    }
    for (const line of want) if (!got.has(line)) problems.push(`${file}:${line}: an import against the layer rule was not reported`);
  }
  if (results.length === 0 || expected === 0) problems.push("No fixture was linted: tests/lint-fixtures/ is missing");
  return {
    problems,
    summary: problems.length
      ? `The layer rule does not hold on its fixtures:\n${problems.join("\n")}`
      : `Layer rule: ${expected} imports against it reported in ${results.length} fixture files, as expected.`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { problems, summary } = await checkLayerRule();
  if (problems.length) {
    console.error(summary);
    process.exit(1);
  }
  console.log(summary);
}
