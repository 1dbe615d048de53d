import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { getLoadContext } from "./load-context";

/**
 * The browser's chunks (ADR 0021). Left to itself, Rollup gives every set of routes that shares a
 * module a chunk of its own: the home page preloaded 16 files of a few hundred bytes (`cn`, `Button`,
 * `Container`, `seo`…) and fetched 20 more for the layout's deferred parts, each a request of its own
 * on a slow phone. Three groups instead:
 * - `vendor`: the packages that the browser entry and the root route import (React, Remix);
 * - `shell`: the app's modules that the root route imports, which every page loads anyway;
 * - `layout`: what the layout's deferred parts (components/deferred.tsx) import, fetched together once a
 *   page hydrates. A page that imports one of these modules itself loads the group with it: code that
 *   every public page fetches anyway, only sooner.
 * Everything else (route modules, what only some routes share, the forms' zod schemas, which stay behind
 * dynamic imports) is split as Rollup decides.
 */
const LAYOUT_DEFERRED = [
  "app/components/ui/Toaster.tsx",
  "app/features/lead-capture/WaitlistBanner.tsx",
  "app/features/lead-capture/NewsletterForm.tsx",
  "app/features/lead-capture/LeadMagnetPopup.tsx",
];
/**
 * Small modules that both public pages and the deferred parts import, kept in `shell`: in `layout`, the page
 * that imports one would load the whole group (16 KB gzip) with its first load: the pricing's ticks (`Icons`),
 * the Q&A list's search and filters (`inputs`), a question's Share button, which raises a toast (`client-toast`).
 */
const SHELL_TOO = ["app/components/ui/Icons.tsx", "app/components/ui/inputs.tsx", "app/lib/client-toast.ts"];
type ChunkMeta = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
};
/** A fresh `manualChunks` for each build (the server's keeps Rollup's own chunks: nothing downloads them). */
function manualChunks() {
  let groups: Map<string, string> | undefined;
  return (id: string, meta: ChunkMeta) => (groups ??= chunkGroups(meta)).get(id);
}

function chunkGroups(meta: ChunkMeta) {
  const groups = new Map<string, string>();
  const file = (id: string) => path.relative(process.cwd(), id.replace(/\?.*/, ""));
  const ids = [...meta.getModuleIds()];
  // Static imports only: a dynamic import is a split someone chose.
  const closure = (starts: string[]) => {
    const seen = new Set<string>();
    const todo = [...starts];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id) || groups.has(id)) continue;
      seen.add(id);
      todo.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const entries = ids.filter((id) => ["app/root.tsx", "app/entry.client.tsx"].includes(file(id)));
  for (const id of ids.filter((id) => SHELL_TOO.includes(file(id)))) groups.set(id, "shell");
  for (const id of closure(entries)) {
    if (!entries.includes(id)) groups.set(id, file(id).startsWith("app/") ? "shell" : "vendor");
  }
  for (const id of closure(ids.filter((id) => LAYOUT_DEFERRED.includes(file(id))))) groups.set(id, "layout");
  return groups;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remixCloudflareDevProxy({ getLoadContext }), remix(remixConfig), tailwindcss(), tsconfigPaths()],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: manualChunks() } },
  },
}));
