import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { deliverySetup } from "~/delivery-setup.server";
import { configureDelivery } from "~/email/registry.server";
import { NonceProvider } from "~/lib/nonce";
import { loggable } from "~/lib/log.server";

// The Remix app is a bundle of its own (server.ts configures the Worker's copy): its forms' daily cap reads the templates.
configureDelivery(deliverySetup);

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(loggable(error));
        responseStatusCode = 500;
      },
    },
  );
  // Everyone gets the whole document at once: a visitor without JavaScript (who cannot be told from
  // one with it) must get every part in place, deferred components included (components/deferred.tsx).
  // Nothing on these pages suspends on data, so this costs a render, not a wait.
  await body.allReady;
  clearTimeout(timer);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`Error while handling ${request.method} ${new URL(request.url).pathname}`, loggable(error));
};
