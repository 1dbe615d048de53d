#!/usr/bin/env node
// Measures the client JavaScript the home page loads (gzip), from the built
// Remix manifest: the entry, the root and the home route with all their
// imports, plus the part of the manifest the page carries inline. Fails above the budget.
// Usage: node scripts/bench-home-js.mjs [--budget-kb 100] [--route routes/_index]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: { "budget-kb": { type: "string", default: "100" }, route: { type: "string", default: "routes/_index" } },
});
const budget = Number(values["budget-kb"]) * 1024;
const dir = "build/client";
const manifestFile = readdirSync(join(dir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const manifestSource = readFileSync(join(dir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));

// With lazy route discovery (remix.config.js), a page never loads the manifest file: its HTML carries
// the manifest inline with only the routes it matched, and other routes are fetched when a link needs
// them. That inline part is what is counted here.
const files = new Set();
const add = (entry) => {
  if (!entry) throw new Error("route not in the manifest");
  files.add(entry.module);
  for (const f of entry.imports ?? []) files.add(f);
};
add(manifest.entry);
add(manifest.routes.root);
add(manifest.routes[values.route]);

const matched = {};
for (let id = values.route; id; id = manifest.routes[id]?.parentId) matched[id] = manifest.routes[id];
matched.root = manifest.routes.root;
const inline = JSON.stringify({ entry: manifest.entry, routes: matched, url: manifest.url, version: manifest.version });

let total = gzipSync(inline).length;
const rows = [["inline manifest (this page's routes)", total]];
for (const f of files) {
  const size = gzipSync(readFileSync(join(dir, f))).length;
  total += size;
  rows.push([f, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [f, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (gzip) for ${values.route}; budget ${budget / 1024} KB`);
if (total > budget) {
  console.error(`✖ Over budget by ${((total - budget) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
