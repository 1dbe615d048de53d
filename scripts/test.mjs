#!/usr/bin/env node
// `npm test`: every test. Stops at the first failing step.
//   1. Chromium's headless shell for the browser tests (installed with apt-get when root)
//   2. at once: the typecheck and the lint on one program, then the format check | unit tests in Node | the build,
//      and beside it the end-to-end sites' D1; then the home page's 100 KB JavaScript budget and the integration
//      tests in workerd, beside the end-to-end bundle and tests in Chromium's headless shell, JavaScript on and off.
//      The format check, unit tests and budget run at a lower priority (`nice`).
// Both suites run their files (and the integration suite its tests) in a random order: the seed is printed, and
// TEST_SEED=<seed> npm test runs that order again. At the end (or at a failure) it prints how long each step
// took and each test file, slowest first.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { ensureHeadlessShell, env } from "./lib.mjs";

const seed = Number(process.env.TEST_SEED) || Math.floor(Math.random() * 1e9);
const totals = { passed: 0, failed: 0 };
const steps = [];
const reports = [];

/** The command that runs a vitest suite with a JSON report, which `collect` reads. */
const vitestCommand = (name, args) => [
  "npx",
  ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=.tmp/vitest-${name}.json`],
];

/**
 * The same command at a lower priority (`nice`): checks that have no timeouts and are not the run's longest line give
 * the cores to the two suites first (ADR 0018).
 */
const BESIDE_NICE = "10";
const beside = ([command, args, ...rest]) => ["nice", ["-n", BESIDE_NICE, command, ...args], ...rest];

/** Keeps a suite's report for the table and adds its counts to the totals; exits if the suite failed. */
function collect(name, status) {
  const out = `.tmp/vitest-${name}.json`;
  const report = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : undefined;
  if (report) reports.push({ name, report });
  if (status !== 0) {
    console.error(`\n✖ the ${name} tests failed (exit ${status}; seed ${seed})`);
    process.exit(typeof status === "number" && status ? status : 1);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}

let current;
function step(name) {
  endStep();
  current = { name, started: Date.now() };
  console.log(`\n━━ ${name} ━━`);
}
function endStep() {
  if (current) steps.push({ name: current.name, ms: Date.now() - current.started });
  current = undefined;
}

/**
 * Runs each named sequence of commands at the same time as the others, its output kept and printed whole when
 * the sequence ends, with how long it took. Exits at the first failure, after printing that sequence's output.
 * A command may name a vitest suite, whose report is then collected (`collect`), and variables for its environment;
 * an entry `{ atOnce: sequences }`
 * runs those sequences at the same time, once the commands before it have passed.
 */
async function runAtOnce(sequences) {
  const runSequence = async ([name, commands]) => {
    const started = Date.now();
    let output = "";
    for (const entry of commands) {
      // A group of sequences that start together once the commands before it have passed.
      if (!Array.isArray(entry)) {
        await runAtOnce(entry.atOnce);
        continue;
      }
      const [command, args, suite, extraEnv] = entry;
      const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      const code = await new Promise((resolve) => child.on("close", (c, signal) => resolve(c ?? signal)));
      if (code !== 0) console.log(`── ${name} ──\n${output}`);
      if (suite) collect(suite, code);
      if (code !== 0) {
        console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${code})`);
        process.exit(typeof code === "number" ? code : 1);
      }
    }
    console.log(`── ${name}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s ──\n${output.trimEnd()}`);
  };
  await Promise.all(sequences.map(runSequence));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
/** The time of each step, then each suite's files, slowest first. */
function printTimings() {
  endStep();
  console.log("\n━━ Timings ━━");
  for (const { name, ms } of steps) console.log(`${seconds(ms)}  ${name}`);
  console.log(`${seconds(steps.reduce((sum, s) => sum + s.ms, 0))}  in all`);
  for (const { name, report } of reports) {
    const files = report.testResults
      .map((f) => ({ file: relative(process.cwd(), f.name), ms: f.endTime - f.startTime, tests: f.assertionResults.length }))
      .sort((a, b) => b.ms - a.ms);
    const title = { e2e: "End-to-end", unit: "Unit (Node)", workers: "Integration (workerd)" }[name];
    console.log(`\n${title} files, slowest first (${files.length} files):`);
    for (const { file, ms, tests } of files) console.log(`${seconds(ms)}  ${String(tests).padStart(3)} tests  ${file}`);
  }
}
process.on("exit", (code) => {
  if (code !== 0) printTimings();
});

step("Chromium");
// The end-to-end tests drive Chromium's headless shell (ADR 0018); its path reaches them through the environment.
env.CHROMIUM_HEADLESS_SHELL_PATH = ensureHeadlessShell();
console.log(`Using ${env.CHROMIUM_HEADLESS_SHELL_PATH}`);
// The typecheck and lint (one program) keeps one core busy, and the integration suite leaves part of the machine idle
// (its files wait on loading the Worker): so the typecheck and lint, the format check, the unit tests (Node), the build
// and the end-to-end sites' D1 (migrations and demo content, which need no build) start at once; after the build, the
// budget and the integration suite run beside the end-to-end suite (its bundle needs only the build; its journeys spend
// most of their time waiting on the browser and the site, so the two suites share the two cores instead of taking
// turns). The format check, the unit tests and the budget run niced: they have no timeouts and end long before the
// two suites do, which run at one priority with the typecheck and lint (ADR 0018). Each sequence's output is printed
// whole when it ends.
rmSync(".tmp/vitest-workers.json", { force: true });
rmSync(".tmp/vitest-unit.json", { force: true });
rmSync(".tmp/vitest-e2e.json", { force: true });
const shuffle = ["--sequence.shuffle.files", "--sequence.shuffle.tests", `--sequence.seed=${seed}`];
step(
  `Typecheck, lint and format (zero findings) | unit tests | build and e2e D1, then budget and integration tests | e2e bundle and e2e tests; at once (seed ${seed})`,
);
await runAtOnce([
  [
    "Typecheck, lint and format",
    [
      // `tsc --noEmit` and `eslint .` on one TypeScript program, so its types are checked once, not twice; with the
      // layer rule's fixtures, which must report exactly their marked imports (ADR 0018, ADR 0019). Not niced: one
      // line of about two minutes of CPU that, niced on a busy machine, was the last thing the run waited for.
      ["node", ["scripts/check-types-and-lint.mjs"]],
      beside(["npx", ["prettier", "--check", "."]]),
    ],
  ],
  [
    "Unit tests (Node; files and tests shuffled)",
    [beside([...vitestCommand("unit", ["--config", "vitest.unit.config.ts", ...shuffle]), "unit"])],
  ],
  [
    "Build, then budget and integration tests | e2e data and bundle, then e2e tests",
    [
      {
        // The e2e sites' D1 (migrations and demo content) needs no build, so it is made beside it.
        atOnce: [
          ["Build", [["npx", ["remix", "vite:build"]]]],
          ["End-to-end D1 (migrations, demo content)", [["node", ["--import", "tsx", "tests/e2e/prepare.ts", "data"]]]],
        ],
      },
      {
        atOnce: [
          [
            "Budget, integration tests (workerd; files and tests shuffled)",
            [
              // The client JavaScript of the home page, and the blog's list and post pages, which keep its budget (gzip).
              ...["routes/_index", "routes/blog._index", "routes/blog.$slug"].map((route) =>
                beside(["node", ["scripts/bench-home-js.mjs", "--budget-kb", "100", "--route", route]]),
              ),
              // At the e2e suite's priority: the run is bound by CPU (about 2,100 s of it on 2 cores), so a niced
              // integration suite only ends last, with its tests starved past their timeouts (ADR 0018).
              [...vitestCommand("workers", shuffle), "workers"],
            ],
          ],
          [
            "End-to-end bundle, then end-to-end tests (Chromium, JavaScript on and off; files shuffled)",
            [
              ["node", ["--import", "tsx", "tests/e2e/prepare.ts", "bundle"]],
              [
                ...vitestCommand("e2e", ["--config", "vitest.e2e.config.ts", "--sequence.shuffle.files", `--sequence.seed=${seed}`]),
                "e2e",
                { E2E_PREPARED: "1" },
              ],
            ],
          ],
        ],
      },
    ],
  ],
]);
printTimings();
console.log(`\n✔ All tests passed.\n${totals.passed} passed, ${totals.failed} failed (seed ${seed})`);
