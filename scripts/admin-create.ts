/**
 * Creates or updates an admin account: the first admin of a new deployment
 * (later admins are invited from /admin/team).
 *   npm run admin:create -- --email you@example.com --password '...' [--remote] [--persist-to DIR]
 * Locally it writes to the local D1; with --remote, to the production D1.
 * It prints the sign-in address: SITE_URL of wrangler.toml (of [env.production.vars] with --remote).
 * The hash is peppered with PASSWORD_PEPPER (from the environment, or locally from .dev.vars); without it,
 * the unpeppered form, which the Worker replaces at the first sign-in (ADR 0017).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "../app/features/auth/password.server";
import { adminAccountSql } from "./admin-sql";
import { scriptSecret } from "./secrets";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    quiet: { type: "boolean", default: false },
  },
});

const email = values.email?.trim().toLowerCase();
const password = values.password ?? "";
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("Usage: npm run admin:create -- --email you@example.com --password 'at least 12 characters' [--remote]");
  process.exit(1);
}
if (password.length < 12) {
  console.error("The password must have at least 12 characters (as every admin password).");
  process.exit(1);
}

const hash = await hashPassword(password, scriptSecret("PASSWORD_PEPPER", values.remote));
const sql = adminAccountSql(email, hash).join("\n");

const dir = mkdtempSync(join(tmpdir(), "admin-"));
const file = join(dir, "admin.sql");
writeFileSync(file, sql);
const target = values.remote ? ["--remote", "--env", "production"] : ["--local"];
const persist = values["persist-to"] ? ["--persist-to", values["persist-to"]] : [];
const res = spawnSync("npx", ["wrangler", "d1", "execute", "DB", ...target, ...persist, "--file", file, "--yes"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
rmSync(dir, { recursive: true, force: true });
if (res.status !== 0) {
  console.error("Could not write the admin account (did you apply the migrations?)");
  process.exit(res.status ?? 1);
}
/** SITE_URL from wrangler.toml: the first one (local [vars]) or the production one. */
function siteUrl(remote: boolean): string {
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const section = remote ? toml.slice(toml.indexOf("[env.production.vars]")) : toml;
  return /^SITE_URL\s*=\s*"([^"]+)"/m.exec(section)?.[1] ?? "http://localhost:8787";
}

if (!values.quiet) {
  console.log(`Admin ${email} is ready (${values.remote ? "production" : "local"} D1).`);
  console.log(`Sign in at ${new URL("/admin/login", siteUrl(values.remote)).href}`);
}
