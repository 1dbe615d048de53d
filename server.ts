/**
 * The Worker entry. One Worker, three handlers:
 * - fetch: every page, form POST and data request, through Remix; anonymous public pages through the edge cache
 *   (app/lib/edge-gateway.server.ts, ADR 0020);
 * - queue: the notification-email consumer (EMAIL_QUEUE), the edge cache's purges and view counts (PURGE_QUEUE) and the
 *   visitor counts' page views (VIEWS_QUEUE, app/features/insights, ADR 0023);
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
import { runBroadcastsCron } from "./app/features/broadcasts/index.server";
import { pruneSchedulerEvents } from "./app/features/meetings/index.server";
import { addViews } from "./app/features/qa/index.server";
import {
  beaconViewOf,
  closeInsightDays,
  handleViewBatch,
  pageViewOf,
  rollSubmissionDays,
  sendView,
  VIEW_BEACON_PATH,
} from "./app/features/insights/index.server";
import { runRetention } from "./app/features/privacy/index.server";
import { runSequences } from "./app/features/sequences/index.server";
import { pruneAuditLog } from "./app/lib/audit.server";
import { resealStep } from "./app/lib/reseal.server";
import { crossOriginRefusal, oneClickUnsubscribeRequest, withSecurityHeaders } from "./app/lib/security-headers";
import { dropUnreadableCookies } from "./app/lib/cookies.server";
import { routeTree, servedFirstSegments } from "./app/lib/route-paths";
import { D1Meter, meteredD1 } from "./app/lib/d1-meter.server";
import { bookmarkCookie, openD1Session } from "./app/lib/d1-session.server";
import {
  buildVersion,
  edgeDeclaration,
  edgePlaceholders,
  edgePlan,
  serveFromEdge,
  visitorCopy,
  type EdgeMode,
} from "./app/lib/edge-gateway.server";
import { privateUnlessPublic } from "./app/lib/edge-pages.server";
import { handleEdgeBatch, localPurgeRequest, queueView, type EdgeQueueMessage } from "./app/lib/edge-purge.server";
import type { EdgeRender } from "./app/lib/edge-tags";
import { formStamp } from "./app/lib/form-guard.server";
import { formStampIssuedAt } from "./app/lib/form-stamp-test-age.server";
import { cameFromReferer } from "./app/lib/visit-source";
import { isBot } from "./app/lib/bots";
import { loggable } from "./app/lib/log.server";
import { settleClientAddress } from "./app/lib/request.server";

// Cast once, into a variable: the import is `any` before a build and the bundle's inferred types after it, and a
// cast passed straight as an argument reads as unnecessary to the linter before a build (npm test lints first).
const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
const reservedPaths = servedFirstSegments(serverBuild.routes);
const routes = routeTree(serverBuild.routes);

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
  // The schedulers' raw events (their claims against repeated deliveries), kept 30 days: at most 2 deletes a run.
  { name: "scheduler events retention", run: (env, at) => pruneSchedulerEvents(env, at) },
  // Values in clear from before encryption at rest, or under an earlier data key: a page sealed anew (ADR 0017).
  { name: "re-sealing", run: (env) => resealStep(env) },
  // The team's daily digest: written to the outbox once per local day, from the set hour (ADR 0013).
  { name: "daily digest", run: (env, at) => sendDigestIfDue(env, at) },
  // Follow-up sequences: up to SEQUENCE_BATCH due steps, exit rules checked at send time, one D1 batch (ADR 0024).
  { name: "follow-up sequences", run: (env, at) => runSequences(env, at) },
  // The visitor counts' days before today: their salts and raw views (hashes) deleted; the rollups stay (ADR 0023).
  { name: "visitor counts' closed days", run: (env, at) => closeInsightDays(env, at) },
  // Insights' submissions per closed day (ADR 0023): the days not rolled yet, an hour after their midnight, in order.
  { name: "submission totals of closed days", run: (env, at) => rollSubmissionDays(env.DB, at) },
  // Newsletter broadcasts (ADR 0025): scheduled ones start, a stalled fan-out resumes, finished ones are marked sent.
  { name: "broadcasts", run: (env, at) => runBroadcastsCron(env, at) },
];

/** Headers of a visitor's request that a render for the cache never sees: the page must be the same for everyone. */
const PERSONAL_HEADERS = ["Cookie", "Authorization"];

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
      const url = new URL(readable.url);
      const localPurge = await localPurgeRequest(readable, env);
      if (localPurge) return localPurge;
      const refusal = crossOriginRefusal(readable);
      const isPublicPage = (pathname: string) => edgeDeclaration(routes, serverBuild.routes, pathname) !== undefined;
      // A view the browser counts (a page after the first, with JavaScript; the popup shown): ADR 0023.
      if (!refusal && url.pathname === VIEW_BEACON_PATH) {
        const view = await beaconViewOf(readable, isPublicPage);
        if (view) ctx.waitUntil(sendView(env, readable, view));
        return withSecurityHeaders(new Response(null, { status: 204 }), { nonce: loadContext.nonce, env });
      }
      const build = buildVersion(serverBuild.assets.version, env);
      const declaration = edgeDeclaration(routes, serverBuild.routes, url.pathname);
      const plan = refusal ? { bypass: "cross-origin" } : edgePlan(readable, { cleared: clear.length, declaration, build, env });
      let mode: EdgeMode = "bypass";
      let bookmark: string | null = null;
      let sessionEnv: Env = env;
      let response: Response;
      // The placeholders and this visitor's stamp. Without a signing key (a misconfigured production) there are none:
      // the page renders as any other, and its own error handling answers.
      const keys =
        "key" in plan
          ? await Promise.all([edgePlaceholders(env, build), formStamp(env, formStampIssuedAt(readable, env))]).catch(() => null)
          : null;
      if ("key" in plan && keys) {
        const [placeholders, stamp] = keys;
        // An anonymous public page: from the cache, or rendered once with the placeholders and kept.
        const served = await serveFromEdge(plan, {
          env,
          ctx,
          placeholders,
          render: (renderUrl, background) => renderForEdge(readable, renderUrl, env, ctx, background ? new D1Meter() : meter, placeholders),
        });
        mode = served.mode;
        // The visitor's own values: their nonce, stamp, and where they came from (the forms' "came from", ADR 0022).
        const visitor = { nonce: loadContext.nonce, stamp, cameFrom: cameFromReferer(readable.headers.get("Referer"), url.origin) };
        response = visitorCopy(served.entry, placeholders, visitor, url.pathname);
        if (served.entry.view && !isBot(readable.headers.get("User-Agent") ?? "")) ctx.waitUntil(queueView(env, served.entry.view));
      } else {
        const session = await openD1Session(readable, env);
        sessionEnv = { ...env, DB: session as unknown as D1Database };
        loadContext.cloudflare.env = { ...env, DB: meteredD1(session, meter) };
        response = refusal ?? (await handleRemixRequest(readable, loadContext));
        bookmark = await bookmarkCookie(readable, env, session);
      }
      // The page view, counted after the response from what the request and the response say (ADR 0023).
      const view = pageViewOf(readable, response, declaration !== undefined);
      if (view) ctx.waitUntil(sendView(env, readable, view));
      response = withSecurityHeaders(response, { nonce: loadContext.nonce, env, pathname: url.pathname });
      privateUnlessPublic(response);
      for (const cookie of clear) response.headers.append("Set-Cookie", cookie);
      if (bookmark) response.headers.append("Set-Cookie", bookmark);
      response.headers.set(
        "Server-Timing",
        `cache;desc=${mode}, ${meter.serverTiming()}, render;dur=${(performance.now() - started).toFixed(1)}`,
      );
      for (const task of deferred) ctx.waitUntil(task(sessionEnv));
      return response;
    } catch (error) {
      console.error("Unhandled error in fetch", loggable(error));
      return withSecurityHeaders(new Response("An unexpected error occurred", { status: 500 }), { nonce: loadContext.nonce, env });
    }
  },

  async queue(batch, env, _ctx) {
    if (batch.queue.startsWith("founder-leads-purge")) await handleEdgeBatch(batch as MessageBatch<EdgeQueueMessage>, env, addViews);
    else if (batch.queue.startsWith("founder-leads-views")) await handleViewBatch(batch, env);
    else if (env.QUEUE_BENCH === "log" && env.ENVIRONMENT !== "production") {
      // `npm run bench:broadcast` counts each delivery's D1 statements from this line (never in production).
      const meter = new D1Meter();
      await handleEmailBatch(batch as MessageBatch<EmailQueueMessage>, {
        ...env,
        DB: meteredD1(env.DB.withSession("first-primary"), meter),
      });
      console.log(`queue-bench ${JSON.stringify({ messages: batch.messages.length, statements: meter.statements })}`);
    } else await handleEmailBatch(batch as MessageBatch<EmailQueueMessage>, env);
  },

  async scheduled(controller, env, ctx) {
    runCronJobs(cronJobs, env, ctx, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;

/**
 * Renders a page for the edge cache: anonymously (no cookie reaches it), with the placeholder nonce, reading D1
 * through a nearby replica (metered into the request's Server-Timing), collecting what the page shows.
 */
async function renderForEdge(
  request: Request,
  url: string,
  env: Env,
  ctx: ExecutionContext,
  meter: D1Meter,
  placeholders: { nonce: string; stamp: string },
): Promise<{ response: Response; edge: EdgeRender }> {
  const headers = new Headers(request.headers);
  for (const name of PERSONAL_HEADERS) headers.delete(name);
  const anonymous = new Request(url, { method: "GET", headers });
  const context = getLoadContext({ request: anonymous, context: { cloudflare: { env, ctx, cf: request.cf } } });
  const session = env.DB.withSession("first-unconstrained");
  context.cloudflare.env = { ...env, DB: meteredD1(session, meter) };
  context.reservedPaths = reservedPaths;
  context.nonce = placeholders.nonce;
  const edge: EdgeRender = { stamp: placeholders.stamp, tags: new Set(), degraded: false };
  context.edge = edge;
  const sessionEnv = { ...env, DB: session as unknown as D1Database };
  context.afterResponse = (task) => ctx.waitUntil(task(sessionEnv));
  return { response: await handleRemixRequest(anonymous, context), edge };
}
