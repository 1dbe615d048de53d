/**
 * Cloudflare's Turnstile siteverify, the edge of the world for integration
 * tests: `fetch` to its URL is answered here as Cloudflare documents for its
 * test secret keys (1x…AA: every token passes; 2x…AA: every token fails;
 * any other secret: only a real token, which tests never have, would pass).
 * Every other request goes on to the real fetch (and to a test's own spies).
 * `siteverifyCalls` keeps what was posted, so a test can see the token and
 * the client address sent.
 */
import { SITEVERIFY_URL } from "~/lib/form-guard.server";

export const PASSING_SECRET = "1x0000000000000000000000000000000AA";
export const FAILING_SECRET = "2x0000000000000000000000000000000AA";
/** The token Cloudflare's test site keys issue. */
export const TEST_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

export const siteverifyCalls: { secret: string; response: string; remoteip: string | null }[] = [];
/** When set, siteverify does not answer (a network failure). */
export const siteverifyState = { down: false };

export function installSiteverifyStub() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url !== SITEVERIFY_URL) return realFetch(input, init);
    if (siteverifyState.down) throw new TypeError("Network connection lost.");
    const form = await request.formData();
    const call = {
      secret: String(form.get("secret")),
      response: String(form.get("response")),
      remoteip: form.get("remoteip") as string | null,
    };
    siteverifyCalls.push(call);
    const success = call.secret === PASSING_SECRET;
    return Response.json({ success, "error-codes": success ? [] : ["invalid-input-response"] });
  };
}
