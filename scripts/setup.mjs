#!/usr/bin/env node
// First-run set-up for local development: a .dev.vars with local secrets. An existing .dev.vars keeps its
// values and gains any secret added to .dev.vars.example since (e.g. TURNSTILE_SECRET_KEY). The keys of
// encryption at rest and the password pepper (ADR 0017) are made here, random, once: a value already in
// .dev.vars is never replaced (the local database's secrets and passwords depend on it).
import { randomBytes } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const names = (text) => new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local secrets).");
} else {
  const have = names(readFileSync(".dev.vars", "utf8"));
  const missing = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line) && !have.has(line.split("=")[0]));
  if (missing.length) {
    appendFileSync(".dev.vars", `\n${missing.join("\n")}\n`);
    console.log(`Added to .dev.vars: ${missing.map((l) => l.split("=")[0]).join(", ")}`);
  }
}

/** Secrets made for this checkout when .dev.vars has them empty. */
const MADE = {
  DATA_ENCRYPTION_KEYS: () => `local1:${randomBytes(32).toString("base64")}`,
  PASSWORD_PEPPER: () => randomBytes(32).toString("base64"),
};
let text = readFileSync(".dev.vars", "utf8");
const made = [];
for (const [name, make] of Object.entries(MADE)) {
  const line = new RegExp(`^${name}=\\s*$`, "m");
  if (line.test(text)) {
    text = text.replace(line, `${name}=${make()}`);
    made.push(name);
  }
}
if (made.length) {
  writeFileSync(".dev.vars", text);
  console.log(`Made random local values in .dev.vars: ${made.join(", ")}`);
}
