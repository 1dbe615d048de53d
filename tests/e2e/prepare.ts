/**
 * What every end-to-end site starts from, made once per run: a D1 with the migrations and the demo content, and the
 * Worker as `wrangler deploy` bundles it (React's production build among it). `npm test` makes the D1 beside the build
 * (`prepare.ts data`: it needs no build) and the bundle after it, while the integration suite runs (`prepare.ts
 * bundle`), and tells the e2e setup so with E2E_PREPARED=1; a lone e2e run (`npx vitest run --config
 * vitest.e2e.config.ts`) makes both in its global setup (global-setup.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { hashPassword } from "../../app/features/auth/password.server";
import { adminAccountSql } from "../../scripts/admin-sql";
import { DEMO_ADMIN, seedStatements } from "../../scripts/seed-data.mjs";
import { splitSql } from "./site-server";

export const PREPARED = resolve(".tmp/e2e-prepared");
export const SEEDED = join(PREPARED, "seeded");
export const BUNDLE = join(PREPARED, "bundle");
const DATA_DONE = join(PREPARED, "data-done");
const BUNDLE_DONE = join(PREPARED, "bundle-done");
const WRANGLER = resolve("node_modules/wrangler/bin/wrangler.js");

/**
 * The keys of encryption at rest and the password pepper (ADR 0017), given to the site (`--var`, over any
 * .dev.vars) and to the seed, whose admin's password is peppered with the same one.
 */
export const SECRETS = {
  DATA_ENCRYPTION_KEYS: "e2e1:ZTJlLWRhdGEtZW5jcnlwdGlvbi1rZXktMDEyMzQ1Njc=",
  PASSWORD_PEPPER: "e2e-password-pepper-0123456789",
  // The schedulers' webhook secrets (ADR 0024): a journey signs a booking with it, as Cal.com would.
  CAL_COM_WEBHOOK_SECRET: "e2e-cal-com-webhook-secret",
  CALENDLY_WEBHOOK_SIGNING_KEY: "e2e-calendly-signing-key",
};
// NODE_ENV: the bundle gets React's production build, as `wrangler deploy` bundles it for the edge.
export const e2eEnv = { ...process.env, ...SECRETS, WRANGLER_SEND_METRICS: "false", NODE_ENV: "production" };

function runOrThrow(cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { env: e2eEnv, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
}

/**
 * Makes the seeded D1 afresh, as `npm run db:migrate && npm run db:seed` make the local one, in this process: one
 * Miniflare on the D1 that `wrangler.toml` declares, persisted where `wrangler --persist-to SEEDED` keeps it (the
 * sites start from a copy). Each migration is applied as `wrangler d1 migrations apply` applies it (its statements and
 * its row in `d1_migrations`, in one batch); then the demo admin (`admin:create`'s SQL, its password peppered as the
 * sites pepper it) and the demo content (`seedStatements`, the seed's own). Through wrangler's commands, one process
 * each, the same took about 50 s of CPU (ADR 0018).
 */
export async function prepareData() {
  rmSync(SEEDED, { recursive: true, force: true });
  rmSync(DATA_DONE, { force: true });
  mkdirSync(SEEDED, { recursive: true });
  // The config alone (not the Worker's options, which need the build's assets directory: this runs beside the build).
  const config = unstable_readConfig({ config: resolve("wrangler.toml") });
  type D1Config = { binding: string; database_id?: string; preview_database_id?: string; database_name?: string };
  const d1Databases = Object.fromEntries(
    (config.d1_databases as D1Config[]).map((d1) => [d1.binding, { id: d1.preview_database_id ?? d1.database_id ?? d1.database_name }]),
  );
  const mf = new Miniflare({
    modules: true,
    script: "export default {};",
    d1Databases,
    defaultPersistRoot: join(SEEDED, "v3"),
  });
  try {
    const db = await mf.getD1Database("DB");
    await db.exec(
      "CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);",
    );
    for (const migration of await readD1Migrations(resolve("migrations"))) {
      await db.batch([
        ...migration.queries.map((query) => db.prepare(query)),
        db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
      ]);
    }
    const passwordHash = await hashPassword(DEMO_ADMIN.password, SECRETS.PASSWORD_PEPPER);
    const seed = [...adminAccountSql(DEMO_ADMIN.email, passwordHash), ...seedStatements()].flatMap(splitSql);
    await db.batch(seed.map((statement) => db.prepare(statement)));
  } finally {
    await mf.dispose();
  }
  writeFileSync(DATA_DONE, new Date().toISOString());
}

/** Bundles the built Worker afresh, as `wrangler deploy` does. */
export function prepareBundle() {
  if (!existsSync("build/server/index.js")) throw new Error("Build the app first: npm run build");
  rmSync(BUNDLE, { recursive: true, force: true });
  rmSync(BUNDLE_DONE, { force: true });
  runOrThrow(process.execPath, [WRANGLER, "deploy", "--dry-run", "--outdir", BUNDLE]);
  writeFileSync(BUNDLE_DONE, new Date().toISOString());
}

/** Makes the seeded D1 and the bundle afresh. */
export async function prepare() {
  await prepareData();
  prepareBundle();
}

/** Whether this run's `npm test` made both already (the bundle after this run's build), so the setup can use them. */
export const preparedByThisRun = () => process.env.E2E_PREPARED === "1" && existsSync(DATA_DONE) && existsSync(BUNDLE_DONE);

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const part = process.argv[2];
  const steps = { data: [prepareData, "migrations and demo content"], bundle: [prepareBundle, "the bundle"] } as const;
  if (part !== "data" && part !== "bundle") throw new Error("Usage: tests/e2e/prepare.ts data|bundle");
  const [make, what] = steps[part];
  const start = Date.now();
  await make();
  console.log(`e2e: ${what} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}
