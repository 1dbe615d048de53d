/**
 * The Worker entry. One Worker, three handlers:
 * - fetch: every page, form POST and data request, through Remix;
 * - queue: the notification-email consumer (EMAIL_QUEUE);
 * - scheduled: the cron's jobs, listed below (every 5 minutes).
 *
 * It is the composition root: it hands delivery (app/email) the features' email templates and hooks
 * (app/delivery-setup.server.ts) and the cron's jobs, so delivery imports no feature.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The app is built before the Worker runs (`npm run build`).
// build/server only exists after `remix vite:build`: an error before it (the typecheck runs first), none after.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once the build exists
// @ts-ignore
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { deliverySetup } from "./app/delivery-setup.server";
import { handleEmailBatch, type EmailQueueMessage } from "./app/email/consumer.server";
import { runCronJobs, type CronJob } from "./app/email/cron.server";
import { configureDelivery } from "./app/email/registry.server";
import { sweepOutbox } from "./app/email/sweeper.server";
import { sendDigestIfDue } from "./app/features/alerts/index.server";
import { pruneSessions } from "./app/features/auth/index.server";
import { runRetention } from "./app/features/privacy/index.server";
import { pruneAuditLog } from "./app/lib/audit.server";
import { resealStep } from "./app/lib/reseal.server";
import { crossOriginRefusal, oneClickUnsubscribeRequest, withSecurityHeaders } from "./app/lib/security-headers";
import { dropUnreadableCookies } from "./app/lib/cookies.server";
import { servedFirstSegments } from "./app/lib/route-paths";
import { D1Meter, meteredD1 } from "./app/lib/d1-meter.server";
import { bookmarkCookie, openD1Session, readsFromPrimary } from "./app/lib/d1-session.server";
import { fromEdgeCache, isEdgeCached, privateUnlessPublic, purgeEdgeCache } from "./app/lib/edge-cache.server";
import { loggable } from "./app/lib/log.server";
import { settleClientAddress } from "./app/lib/request.server";

// Cast once, into a variable: the import is `any` before a build and the bundle's inferred types after it, and a
// cast passed straight as an argument reads as unnecessary to the linter before a build (npm test lints first).
const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
const reservedPaths = servedFirstSegments(serverBuild.routes);

configureDelivery(deliverySetup);

/** The cron's jobs (every 5 minutes), each bounded per run. */
const cronJobs: CronJob[] = [
  // Re-queues outbox rows never queued or due for a retry; prunes rate-limit counters and used form stamps.
  { name: "outbox sweeper", run: (env) => sweepOutbox(env) },
  { name: "expired admin sessions", run: (env) => pruneSessions(env.DB) },
  // Entries older than AUDIT_RETENTION_DAYS (default 365), a few thousand rows per run at most.
  { name: "audit log retention", run: (env) => pruneAuditLog(env) },
  // Sent emails' bodies, old onboarding drafts, unconfirmed sign-ups (RETENTION_*_DAYS): a few statements per run.
  { name: "personal data retention", run: (env, at) => runRetention(env, at) },
  // Values in clear from before encryption at rest, or under an earlier data key: a page sealed anew (ADR 0017).
  { name: "re-sealing", run: (env) => resealStep(env) },
  // The team's daily digest: written to the outbox once per local day, from the set hour (ADR 0013).
  { name: "daily digest", run: (env, at) => sendDigestIfDue(env, at) },
];

export default {
  async fetch(request, env, ctx) {
    const started = performance.now();
    // Every D1 call of this request goes through one session (replicas, bookmarks) and one meter (Server-Timing).
    const meter = new D1Meter();
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf } },
    });
    loadContext.reservedPaths = reservedPaths;
    const deferred: ((env: Env) => Promise<unknown>)[] = [];
    loadContext.afterResponse = (task) => deferred.push(task);
    try {
      // A cookie the site cannot read or verify is dropped here, before any loader sees it, and cleared.
      // The client address (rate limits, the audit log) is CF-Connecting-IP; in development, a proxy's if trusted.
      const { request: cookiesRead, clear } = await dropUnreadableCookies(settleClientAddress(request, env), env);
      const readable = oneClickUnsubscribeRequest(cookiesRead);
      const session = await openD1Session(readable, env);
      const sessionEnv = { ...env, DB: session as unknown as D1Database };
      loadContext.cloudflare.env = { ...env, DB: meteredD1(session, meter) };
      const url = new URL(readable.url);
      const render = () => handleRemixRequest(readable, loadContext);
      let response = crossOriginRefusal(readable) ?? (isEdgeCached(readable) ? await fromEdgeCache(readable, ctx, render) : await render());
      const bookmark = await bookmarkCookie(readable, env, session);
      // An admin's save: this data center's cached sitemap and feed go, so the admin sees the change.
      if (bookmark && readsFromPrimary(url.pathname) && response.status < 400) ctx.waitUntil(purgeEdgeCache(url.origin));
      response = withSecurityHeaders(response, { nonce: loadContext.nonce, env, pathname: url.pathname });
      privateUnlessPublic(response);
      for (const cookie of clear) response.headers.append("Set-Cookie", cookie);
      if (bookmark) response.headers.append("Set-Cookie", bookmark);
      response.headers.set("Server-Timing", `${meter.serverTiming()}, render;dur=${(performance.now() - started).toFixed(1)}`);
      for (const task of deferred) ctx.waitUntil(task(sessionEnv));
      return response;
    } catch (error) {
      console.error("Unhandled error in fetch", loggable(error));
      return withSecurityHeaders(new Response("An unexpected error occurred", { status: 500 }), { nonce: loadContext.nonce, env });
    }
  },

  async queue(batch, env, _ctx) {
    await handleEmailBatch(batch as MessageBatch<EmailQueueMessage>, env);
  },

  async scheduled(controller, env, ctx) {
    runCronJobs(cronJobs, env, ctx, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
