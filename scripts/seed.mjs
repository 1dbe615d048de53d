#!/usr/bin/env node
// Seeds the local D1 with demo content. Safe to run again (INSERT OR IGNORE).
// Usage: node scripts/seed.mjs [--persist-to DIR]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./lib.mjs";
import { DEMO_ADMIN, seedStatements } from "./seed-data.mjs";

const args = process.argv.slice(2);

// One local admin, so the dashboard can be tried at once (first: the demo people's owner and notes name it).
run("npx", ["tsx", "scripts/admin-create.ts", "--email", DEMO_ADMIN.email, "--password", DEMO_ADMIN.password, "--quiet", ...args]);

const dir = mkdtempSync(join(tmpdir(), "seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, seedStatements().join("\n"));
run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...args], { stdio: ["ignore", "ignore", "inherit"] });
rmSync(dir, { recursive: true, force: true });

console.log("Seeded demo content into the local D1.");
console.log(`Admin sign-in: http://localhost:8787/admin/login  email ${DEMO_ADMIN.email}  password ${DEMO_ADMIN.password}`);
