/**
 * Receiving a signed webhook from another service (the schedulers' bookings): the raw body read with a bound, its
 * signature checked on those exact bytes before anything parses them, then the JSON. Each sender's own check (its
 * header, its signing scheme, its timestamp tolerance) is the `verify` its caller hands in. A refusal says why, for
 * the log; the body itself is never logged (it holds personal data).
 */
import { BodyTooLargeError, readBodyCapped } from "./request.server";

/** The largest body a webhook may have: 64 KB (a booking is a few KB). */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

export type WebhookRefusal = { ok: false; status: 400 | 401 | 413; reason: string };
export type WebhookBody = { ok: true; raw: string; json: unknown };

/**
 * Reads and checks one webhook: 413 over `maxBytes` (counted as it arrives, whatever Content-Length says), 401 when
 * `verify` names a reason (a missing or wrong signature, a stale timestamp), 400 when the body is not JSON.
 */
export async function readSignedWebhook(
  request: Request,
  verify: (raw: string, headers: Headers) => Promise<string | null>,
  maxBytes = WEBHOOK_MAX_BYTES,
): Promise<WebhookBody | WebhookRefusal> {
  let raw: string;
  try {
    raw = new TextDecoder("utf-8", { fatal: false }).decode(await readBodyCapped(request, maxBytes));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, reason: `body over ${maxBytes} bytes` };
    return { ok: false, status: 400, reason: "the body could not be read" };
  }
  const refused = await verify(raw, request.headers);
  if (refused) return { ok: false, status: 401, reason: refused };
  try {
    return { ok: true, raw, json: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, status: 400, reason: "the body is not JSON" };
  }
}
