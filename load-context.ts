import type { AppLoadContext } from "@remix-run/cloudflare";
import type { EdgeRender } from "./app/lib/edge-tags";
import { createNonce } from "./app/lib/security-headers";

/** What every loader and action receives as `context`. */
interface CloudflareContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: IncomingRequestCfProperties;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    /** Per-request CSP nonce, given to Remix's inline scripts. */
    nonce: string;
    /** First path segments the routes serve (from the built route manifest; absent under `vite dev`). */
    reservedPaths?: ReadonlySet<string>;
    /**
     * Work that must not hold the response (a view count): run after the
     * response is ready, with the request's env, off the round-trip budget.
     */
    afterResponse: (task: (env: Env) => Promise<unknown>) => void;
    /** Set only while the Worker renders a page for the edge cache: what the page shows (app/lib/edge-tags.ts). */
    edge?: EdgeRender;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

type GetLoadContextArgs = {
  // wrangler's dev proxy passes a loosely typed `cf`; the Worker passes the real one.

  request: Request;
  context: { cloudflare: Omit<CloudflareContext, "cf"> & { cf?: unknown } };
};

export function getLoadContext({ context }: GetLoadContextArgs): AppLoadContext {
  return {
    cloudflare: { ...context.cloudflare, cf: context.cloudflare.cf as IncomingRequestCfProperties | undefined },
    nonce: createNonce(),
    // The Worker entry collects these and hands them to waitUntil; elsewhere (vite dev) they run at once.
    afterResponse: (task) => context.cloudflare.ctx.waitUntil(task(context.cloudflare.env)),
  };
}
