/**
 * A Worker secret for a script run by hand (admin-create.ts, keys-rotate.ts): from the environment
 * (`NAME=… npm run …`), else, for the local D1, from .dev.vars (what `wrangler dev` reads). A deployed
 * Worker's secrets cannot be read back: for --remote, pass the value in the environment.
 */
import { existsSync, readFileSync } from "node:fs";

export function scriptSecret(name: string, remote: boolean): string | null {
  const fromEnv = process.env[name]?.trim();
  if (fromEnv) return fromEnv;
  if (remote || !existsSync(".dev.vars")) return null;
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  const value = line
    ?.slice(name.length + 1)
    .trim()
    .replace(/^"(.*)"$/, "$1");
  return value || null;
}
