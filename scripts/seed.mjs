#!/usr/bin/env node
// Seeds the local D1 with demo content. Safe to run again (INSERT OR IGNORE).
// Usage: node scripts/seed.mjs [--persist-to DIR]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./lib.mjs";
import { seedStatements } from "./seed-data.mjs";

const args = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, seedStatements().join("\n"));
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...args], { stdio: ["ignore", "ignore", "inherit"] });
rmSync(dir, { recursive: true, force: true });
console.log("Seeded demo content into the local D1.");
