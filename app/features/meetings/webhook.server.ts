/**
 * The schedulers' webhook endpoints (POST /hooks/scheduler/cal-com and /hooks/scheduler/calendly): the route reads
 * the body with its bound and checks its signature before it is parsed (app/lib/incoming-webhook.server.ts, with
 * `schedulerVerifier`), then this applies it.
 * 401 a missing or wrong signature or a stale timestamp, 413 a body over 64 KB, 400 a body that is not JSON or
 * not a booking, 202 an event the site does not use, 200 once applied (or already applied). On a refusal nothing is
 * stored and the reason is logged, never the body.
 */
import type { SchedulerProvider } from "~/db/schema";
import type { WebhookBody, WebhookRefusal } from "~/lib/incoming-webhook.server";
import { loggable } from "~/lib/log.server";
import { applySchedulerEvent } from "./meetings.server";
import { parseCalCom, parseCalendly, verifyCalCom, verifyCalendly, type SchedulerParse } from "./scheduler.server";

const PROVIDERS: Record<
  SchedulerProvider,
  { verify: (env: Env, raw: string, headers: Headers) => Promise<string | null>; parse: (json: unknown) => SchedulerParse }
> = {
  "cal-com": { verify: (env, raw, headers) => verifyCalCom(env.CAL_COM_WEBHOOK_SECRET, raw, headers), parse: parseCalCom },
  calendly: { verify: (env, raw, headers) => verifyCalendly(env.CALENDLY_WEBHOOK_SIGNING_KEY, raw, headers), parse: parseCalendly },
};

/** The check of a provider's signature on the raw body, for the route's `readSignedWebhook`. */
export const schedulerVerifier = (env: Env, provider: SchedulerProvider) => (raw: string, headers: Headers) =>
  PROVIDERS[provider].verify(env, raw, headers);

/** What the endpoint answers: its status, and a word for the sender (never the body or a reason). */
export type SchedulerAnswer = { status: number; message: string };

/**
 * Applies a scheduler's event from the body the route read and checked (`readSignedWebhook` with `schedulerVerifier`),
 * or says why not: the refusal's status, 202 for an event the site does not use, 400 for a body that is no booking.
 */
export async function receiveSchedulerWebhook(
  env: Env,
  { provider, body }: { provider: SchedulerProvider; body: WebhookBody | WebhookRefusal },
): Promise<SchedulerAnswer> {
  const refuse = (status: number, reason: string): SchedulerAnswer => {
    console.warn(`Scheduler webhook (${provider}) answered ${status}: ${reason}`);
    return { status, message: status === 202 ? "Event not used" : "Refused" };
  };
  if (!body.ok) return refuse(body.status, body.reason);
  const parsed = PROVIDERS[provider].parse(body.json);
  if (parsed.kind === "ignored") return refuse(202, parsed.reason);
  if (parsed.kind === "invalid") return refuse(400, parsed.reason);
  try {
    const outcome = await applySchedulerEvent(env, parsed.event);
    return { status: 200, message: outcome.status === "applied" ? "Applied" : "Already up to date" };
  } catch (error) {
    // The scheduler retries a failed delivery; applying it again is safe.
    console.error(`Scheduler webhook (${provider}): applying ${parsed.event.status} failed`, loggable(error));
    return { status: 503, message: "Try again later" };
  }
}
