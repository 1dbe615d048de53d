#!/usr/bin/env node
// Benchmark of the content editor:
// 1. the JavaScript the edit page of a blog post loads (gzip, from the built Remix manifest), and a
//    check that no public route loads the editor's code (the public budget does not move);
// 2. the upload of a 5 MB image through the editor's upload endpoint (`/admin/media/upload`, the
//    script's progress-bar path): time to the response, for new images and for one already stored
//    (the hash key finds it), on the built worker under `wrangler dev` with a fresh local D1 and R2.
//
// Usage: npm run build && node scripts/bench-editor.mjs [--uploads 5] [--port 8834]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { arg, createAdmin, freshDatabase, requireBuild, serve, signIn } from "./bench-lib.mjs";
import { pngOf } from "./png.mjs";

const UPLOADS = arg("uploads", 5);
const PORT = arg("port", 8834);
const STATE = ".tmp/bench-editor-state";
const ADMIN = { email: "bench@localhost.test", password: "bench-editor-password" };
requireBuild();

// ---------------------------------------------------------------- 1. JavaScript
const dir = "build/client";
const manifestFile = readdirSync(join(dir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
const manifest = JSON.parse(
  readFileSync(join(dir, "assets", manifestFile), "utf8")
    .replace(/^window\.__remixManifest=/, "")
    .replace(/;\s*$/, ""),
);
const gz = (f) => gzipSync(readFileSync(join(dir, f))).length;
/** Every file a route loads: the entry, its parents' and its own modules with their imports, and the manifest. */
function filesOf(routeId) {
  const files = new Set([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return files;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((n, f) => n + gz(f), 0);

// The editor's code: the chunk holding its "Edit as JSON" switch.
const editorChunks = readdirSync(join(dir, "assets"))
  .filter((f) => f.endsWith(".js") && readFileSync(join(dir, "assets", f), "utf8").includes("Edit as JSON"))
  .map((f) => `/assets/${f}`);
const editPage = filesOf("routes/admin.dashboard.$tab_.$id");
const publicRoutes = Object.keys(manifest.routes).filter((id) => id !== "root" && !id.startsWith("routes/admin"));
const leaking = publicRoutes.filter((id) => editorChunks.some((f) => filesOf(id).has(f)));
console.log("\nJavaScript (gzip):\n");
console.log("| What | Size |\n|---|---:|");
console.log(`| The edit page of a blog post (\`/admin/dashboard/blogs/{id}\`), everything it loads | ${kb(total(editPage))} |`);
console.log(`| of which the editor's chunk (${editorChunks.join(", ")}) | ${kb(editorChunks.reduce((n, f) => n + gz(f), 0))} |`);
console.log(`| The home page, for comparison | ${kb(total(filesOf("routes/_index")))} |`);
if (leaking.length) {
  console.error(`✖ Public routes load the editor's code: ${leaking.join(", ")}`);
  process.exit(1);
}
console.log(`\nNo public route (${publicRoutes.length} checked) loads the editor's code.`);

// ---------------------------------------------------------------- 2. a 5 MB upload
// Noise does not compress: 1280 × 1364 pixels stored (zlib level 0) is just under 5 MB.
const noise = (seed) => {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return [s & 0xff, (s >>> 8) & 0xff, (s >>> 16) & 0xff];
  };
};
const image = (seed) => pngOf(1280, 1364, noise(seed), { level: 0 });
const sample = image(1);
if (sample.length > 5 * 1024 * 1024) throw new Error(`The sample is ${sample.length} bytes, over 5 MB`);

freshDatabase(STATE, "SELECT 1;");
createAdmin(STATE, ADMIN);
const { base, stop } = await serve(PORT, STATE);
try {
  const cookie = await signIn(base, ADMIN);
  const upload = async (bytes, i) => {
    const form = new FormData();
    form.set("file", new File([bytes], `noise-${i}.png`, { type: "image/png" }));
    form.set("alt", "Noise");
    const start = performance.now();
    const res = await fetch(`${base}/admin/media/upload`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: base } });
    const answer = await res.json();
    const ms = performance.now() - start;
    if (res.status !== 200 || !answer.src) throw new Error(`Upload ${i} answered ${res.status}: ${JSON.stringify(answer)}`);
    return ms;
  };
  await upload(image(999), "warm-up");
  const fresh = [];
  for (let i = 0; i < UPLOADS; i++) fresh.push(await upload(i === 0 ? sample : image(i + 1), i));
  const again = [];
  for (let i = 0; i < UPLOADS; i++) again.push(await upload(sample, `again-${i}`));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `\nUpload of a ${(sample.length / (1024 * 1024)).toFixed(2)} MB PNG, ${UPLOADS} each (ms, time to the JSON answer, loopback):\n`,
  );
  console.log("| Case | Median | Slowest |\n|---|---:|---:|");
  console.log(
    `| A new image (sniffed, hashed, stored in R2, row in D1) | ${median(fresh).toFixed(0)} | ${Math.max(...fresh).toFixed(0)} |`,
  );
  console.log(`| The same image again (found by its hash key) | ${median(again).toFixed(0)} | ${Math.max(...again).toFixed(0)} |`);
} finally {
  stop();
}
