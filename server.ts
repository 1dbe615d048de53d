/**
 * The Worker entry. One Worker, three handlers:
 * - fetch: every page, form POST and data request, through Remix;
 * - queue: the notification-email consumer (EMAIL_QUEUE);
 * - scheduled: the outbox sweeper (cron, every 5 minutes).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The app is built before the Worker runs (`npm run build`).
// @ts-ignore - build/server only exists after `remix vite:build`
import * as build from "./build/server";
import { getLoadContext } from "./load-context";
import { handleEmailBatch, type EmailQueueMessage } from "./app/email/consumer.server";
import { sweepOutbox } from "./app/email/sweeper.server";
import { crossOriginRefusal, withSecurityHeaders } from "./app/lib/security-headers";
import { dropUnreadableCookies } from "./app/lib/cookies.server";
import { servedFirstSegments } from "./app/lib/route-paths";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
const reservedPaths = servedFirstSegments((build as unknown as ServerBuild).routes);

export default {
  async fetch(request, env, ctx) {
    const loadContext = getLoadContext({
      request,
      context: { cloudflare: { env, ctx, cf: request.cf as IncomingRequestCfProperties } },
    });
    loadContext.reservedPaths = reservedPaths;
    try {
      // A cookie the site cannot read or verify is dropped here, before any loader sees it, and cleared.
      const { request: readable, clear } = await dropUnreadableCookies(request, env);
      let response = crossOriginRefusal(readable) ?? (await handleRemixRequest(readable, loadContext));
      if (clear.length) {
        response = new Response(response.body, response);
        for (const cookie of clear) response.headers.append("Set-Cookie", cookie);
      }
      return withSecurityHeaders(response, { nonce: loadContext.nonce, env, pathname: new URL(request.url).pathname });
    } catch (error) {
      console.error("Unhandled error in fetch", error);
      return withSecurityHeaders(
        new Response("An unexpected error occurred", { status: 500 }),
        { nonce: loadContext.nonce, env },
      );
    }
  },

  async queue(batch, env, _ctx) {
    await handleEmailBatch(batch as MessageBatch<EmailQueueMessage>, env);
  },

  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepOutbox(env));
  },
} satisfies ExportedHandler<Env>;
