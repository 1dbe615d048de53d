/**
 * MailChannels' delivery events at POST /hooks/email-events, through the Worker. The test signs like MailChannels
 * (RFC 9421, Ed25519 over content-digest) with a key pair of its own, whose public half the fetch mock serves as
 * MailChannels' public-key endpoint (the edge of the world).
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAILCHANNELS_PUBLIC_KEY_URL, MAX_EVENTS_BODY_BYTES } from "~/features/broadcasts/email-events.server";
import { isSuppressed } from "~/features/broadcasts/index.server";
import { all, request } from "./helpers";

const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

async function signer() {
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const spki = b64(await crypto.subtle.exportKey("spki", pair.publicKey));
  const keyid = `key-${crypto.randomUUID().slice(0, 8)}`;
  const keyRequests: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input));
    expect(`${url.origin}${url.pathname}`).toBe(MAILCHANNELS_PUBLIC_KEY_URL);
    keyRequests.push(url.searchParams.get("id")!);
    const id = url.searchParams.get("id");
    return id === keyid
      ? Response.json({ id, key: `-----BEGIN PUBLIC KEY-----\n${spki}\n-----END PUBLIC KEY-----` })
      : new Response(null, { status: 404 });
  });
  /** The headers MailChannels sends with this body. */
  const sign = async (body: string, { created = Math.floor(Date.now() / 1000), key = pair.privateKey } = {}) => {
    const digest = `sha-256=:${b64(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)))}:`;
    const params = `("content-digest");created=${created};alg="ed25519";keyid="${keyid}"`;
    const base = `"content-digest": ${digest}\n"@signature-params": ${params}`;
    const signature = b64(await crypto.subtle.sign("Ed25519", key, new TextEncoder().encode(base)));
    return {
      "Content-Type": "application/json",
      "Content-Digest": digest,
      "Signature-Input": `sig_1=${params}`,
      Signature: `sig_1=:${signature}:`,
    };
  };
  return { sign, keyRequests };
}

const post = (body: string, headers: Record<string, string>) => request("/hooks/email-events", { method: "POST", body, headers });

const event = (type: string, recipient: string) =>
  JSON.stringify([
    {
      email: "hello@localhost.test",
      customer_handle: "founder-leads",
      timestamp: Math.floor(Date.now() / 1000),
      event: type,
      request_id: crypto.randomUUID(),
      recipients: [recipient],
      status: "550",
      reason: "5.1.1 The email account that you tried to reach does not exist",
    },
  ]);

const address = () => `Bounced-${crypto.randomUUID().slice(0, 8)}@Example.com`;

afterEach(() => vi.restoreAllMocks());

describe("POST /hooks/email-events", () => {
  it("suppresses the recipient of a signed hard bounce, with the provider's reason; a retry of the event changes nothing", async () => {
    const { sign, keyRequests } = await signer();
    const to = address();
    const body = event("hard-bounced", to);

    const res = await post(body, await sign(body));

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ known: 1, suppressed: 1 });
    expect(await isSuppressed(env, to)).toBe(true);
    expect(await all("SELECT email, reason, detail FROM email_suppressions WHERE email = ?", to.toLowerCase())).toEqual([
      { email: to.toLowerCase(), reason: "hard-bounce", detail: "550 5.1.1 The email account that you tried to reach does not exist" },
    ]);
    // The same delivery again (MailChannels retries): accepted, still one row; the key came from KV this time.
    expect((await post(body, await sign(body))).status).toBe(200);
    expect(await all("SELECT email FROM email_suppressions WHERE email = ?", to.toLowerCase())).toHaveLength(1);
    expect(keyRequests).toHaveLength(1);
  });

  it("records a complaint, which outranks an earlier bounce", async () => {
    const { sign } = await signer();
    const to = address();
    for (const type of ["hard-bounced", "complained", "hard-bounced"]) {
      const body = event(type, to);
      expect((await post(body, await sign(body))).status).toBe(200);
    }
    expect(await all("SELECT reason FROM email_suppressions WHERE email = ?", to.toLowerCase())).toEqual([{ reason: "complaint" }]);
  });

  it("answers 401 and stores nothing for an unsigned event, a body changed after signing, another key or a stale signature", async () => {
    const { sign } = await signer();
    const to = address();
    const body = event("hard-bounced", to);
    const other = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
    const headers = await sign(body);
    const attempts: [string, Record<string, string>][] = [
      [body, { "Content-Type": "application/json" }],
      [body.replace("hard-bounced", "complained"), headers],
      [body, { ...headers, "Content-Digest": (await sign(event("hard-bounced", address())))["Content-Digest"] }],
      [body, await sign(body, { key: other.privateKey })],
      [body, await sign(body, { created: Math.floor(Date.now() / 1000) - 3600 })],
      [body, { ...headers, Signature: "sig_1=:AAAA:" }],
    ];
    for (const [sent, h] of attempts) expect((await post(sent, h)).status).toBe(401);
    expect(await isSuppressed(env, to)).toBe(false);
  });

  it("answers 413 to an oversized body, 202 to an unknown event type, 400 to a signed body that is not JSON", async () => {
    const { sign } = await signer();
    const big = "x".repeat(MAX_EVENTS_BODY_BYTES + 1);
    expect((await post(big, await sign(big))).status).toBe(413);

    const unknown = JSON.stringify([{ event: "exploded", recipients: [address()] }]);
    const res = await post(unknown, await sign(unknown));
    expect(res.status).toBe(202);

    const notJson = "{not json";
    expect((await post(notJson, await sign(notJson))).status).toBe(400);
    // A known event that suppresses nothing (a delivery) is accepted; a single object (older docs) too.
    const delivered = JSON.stringify({ event: "delivered", recipients: [address()] });
    expect((await post(delivered, await sign(delivered))).status).toBe(200);
  });
});
