/**
 * The schedulers' webhook endpoints (POST /hooks/scheduler/cal-com and /hooks/scheduler/calendly): the body read
 * with its bound and its signature checked before it is parsed (app/lib/incoming-webhook.server.ts), then applied.
 * 401 a missing or wrong signature or a stale timestamp, 413 a body over 64 KB, 400 a body that is not JSON or
 * not a booking, 202 an event the site does not use, 200 once applied (or already applied). On a refusal nothing is
 * stored and the reason is logged, never the body.
 */
import type { SchedulerProvider } from "~/db/schema";
import { readSignedWebhook } from "~/lib/incoming-webhook.server";
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

const answer = (status: number, message: string) => Response.json({ message }, { status });

export async function receiveSchedulerWebhook(env: Env, provider: SchedulerProvider, request: Request): Promise<Response> {
  const { verify, parse } = PROVIDERS[provider];
  const refuse = (status: number, reason: string) => {
    console.warn(`Scheduler webhook (${provider}) answered ${status}: ${reason}`);
    return answer(status, status === 202 ? "Event not used" : "Refused");
  };
  const body = await readSignedWebhook(request, (raw, headers) => verify(env, raw, headers));
  if (!body.ok) return refuse(body.status, body.reason);
  const parsed = parse(body.json);
  if (parsed.kind === "ignored") return refuse(202, parsed.reason);
  if (parsed.kind === "invalid") return refuse(400, parsed.reason);
  try {
    const outcome = await applySchedulerEvent(env, parsed.event);
    return answer(200, outcome.status === "applied" ? "Applied" : "Already up to date");
  } catch (error) {
    // The scheduler retries a failed delivery; applying it again is safe.
    console.error(`Scheduler webhook (${provider}): applying ${parsed.event.status} failed`, loggable(error));
    return answer(503, "Try again later");
  }
}
