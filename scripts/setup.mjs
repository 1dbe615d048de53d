#!/usr/bin/env node
// First-run set-up for local development: a .dev.vars with local secrets. An existing .dev.vars keeps its
// values and gains any secret added to .dev.vars.example since (e.g. TURNSTILE_SECRET_KEY).
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local secrets).");
} else {
  const names = (text) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  const have = names(readFileSync(".dev.vars", "utf8"));
  const missing = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line) && !have.has(line.split("=")[0]));
  if (missing.length) {
    appendFileSync(".dev.vars", `\n${missing.join("\n")}\n`);
    console.log(`Added to .dev.vars: ${missing.map((l) => l.split("=")[0]).join(", ")}`);
  }
}
