/**
 * The two schedulers' webhooks, each read into one `SchedulerEvent`: the signature check on the raw body
 * (Cal.com: HMAC-SHA256 of the body, hex, in `x-cal-signature-256`; Calendly: `Calendly-Webhook-Signature:
 * t=<seconds>,v1=<hex>`, an HMAC-SHA256 over `t + "." + body`, at most 3 minutes old), then the payload's shape.
 * Events the site does not use are `ignored` (202). Payload fields follow each scheduler's documented webhook
 * bodies; anything beyond what the site keeps is left alone.
 */
import { z } from "zod";
import type { MeetingStatus, SchedulerProvider } from "~/db/schema";
import { constantTimeEqualText, hmacSha256Hex } from "~/lib/crypto.server";

/** A booking's state as one scheduler event gives it. */
export interface SchedulerEvent {
  provider: SchedulerProvider;
  /** The booking's id at the scheduler (Cal.com uid, Calendly invitee URI). */
  bookingId: string;
  /** The booking it replaces, when it is a reschedule (Cal.com `rescheduleUid` or `fromReschedule`, Calendly `old_invitee`). */
  previousBookingId: string | null;
  status: Extract<MeetingStatus, "booked" | "rescheduled" | "cancelled">;
  /** The scheduler's time of the event (ms): the meeting's version. */
  at: number;
  startAt: number;
  endAt: number;
  name: string | null;
  email: string;
  answers: { question: string; answer: string }[];
  /** The person's reference the site handed the embed (ADR 0024), unchecked. */
  ref: string | null;
}

export type SchedulerParse =
  { kind: "event"; event: SchedulerEvent } | { kind: "ignored"; reason: string } | { kind: "invalid"; reason: string };

/** How old a Calendly signature's timestamp may be (and how far ahead, for clock skew). */
export const CALENDLY_TOLERANCE_MS = 3 * 60 * 1000;
const ANSWER_MAX = 2000;
const ANSWERS_MAX = 30;

const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)));
const text = (max: number) => z.string().trim().max(max);
const clip = (value: string) => value.trim().slice(0, ANSWER_MAX);

// ------------------------------------------------------------------ Cal.com

export async function verifyCalCom(secret: string | undefined, raw: string, headers: Headers): Promise<string | null> {
  if (!secret) return "CAL_COM_WEBHOOK_SECRET is not set";
  const given = headers.get("x-cal-signature-256")?.trim().toLowerCase();
  if (!given) return "no x-cal-signature-256 header";
  return constantTimeEqualText(await hmacSha256Hex(secret, raw), given) ? null : "wrong signature";
}

const calResponse = z.union([z.object({ label: z.string().optional(), value: z.unknown() }), z.unknown()]);
const calComBody = z.object({
  triggerEvent: z.string(),
  createdAt: isoTime,
  payload: z
    .object({
      uid: text(200).min(1),
      rescheduleUid: text(200).nullish(),
      /** Cal.com's booking field naming the booking this one was rescheduled from (also on its later events). */
      fromReschedule: text(200).nullish(),
      startTime: isoTime,
      endTime: isoTime,
      attendees: z.array(z.object({ name: z.string().nullish(), email: z.string().trim().pipe(z.email().max(254)) })).min(1),
      responses: z.record(z.string(), calResponse).nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .loose(),
});

const CAL_COM_EVENTS: Record<string, SchedulerEvent["status"]> = {
  BOOKING_CREATED: "booked",
  BOOKING_RESCHEDULED: "rescheduled",
  BOOKING_CANCELLED: "cancelled",
};
/** Cal.com's own booking questions, already kept as the invitee's name and email. */
const CAL_COM_OWN = new Set(["name", "email", "guests", "rescheduleReason", "location"]);

export function parseCalCom(json: unknown): SchedulerParse {
  const trigger = (json as { triggerEvent?: unknown } | null)?.triggerEvent;
  if (typeof trigger !== "string" || !(trigger in CAL_COM_EVENTS))
    return { kind: "ignored", reason: `event ${String(trigger).slice(0, 40)}` };
  const parsed = calComBody.safeParse(json);
  if (!parsed.success) return { kind: "invalid", reason: `payload: ${parsed.error.issues[0]?.path.join(".") ?? "shape"}` };
  const { createdAt, payload } = parsed.data;
  const attendee = payload.attendees[0]!;
  const answers = Object.entries(payload.responses ?? {})
    .filter(([key]) => !CAL_COM_OWN.has(key))
    .flatMap(([key, response]) => {
      const r = response as { label?: string; value?: unknown } | null;
      const value = r && typeof r === "object" && "value" in r ? r.value : r;
      const answer = typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : "";
      return answer.trim() ? [{ question: clip(r?.label || key), answer: clip(answer) }] : [];
    });
  const ref = payload.metadata?.ref;
  return {
    kind: "event",
    event: {
      provider: "cal-com",
      bookingId: payload.uid,
      previousBookingId: payload.rescheduleUid || payload.fromReschedule || null,
      status: CAL_COM_EVENTS[trigger]!,
      at: Date.parse(createdAt),
      startAt: Date.parse(payload.startTime),
      endAt: Date.parse(payload.endTime),
      name: attendee.name?.trim().slice(0, 200) || null,
      email: attendee.email,
      answers: answers.slice(0, ANSWERS_MAX),
      ref: typeof ref === "string" ? ref.slice(0, 200) : null,
    },
  };
}

// ------------------------------------------------------------------ Calendly

export async function verifyCalendly(key: string | undefined, raw: string, headers: Headers, now = Date.now()): Promise<string | null> {
  if (!key) return "CALENDLY_WEBHOOK_SIGNING_KEY is not set";
  const header = headers.get("Calendly-Webhook-Signature");
  if (!header) return "no Calendly-Webhook-Signature header";
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = parts.t ?? "";
  const v1 = (parts.v1 ?? "").toLowerCase();
  if (!/^\d{1,12}$/.test(t) || !v1) return "a malformed Calendly-Webhook-Signature header";
  if (!constantTimeEqualText(await hmacSha256Hex(key, `${t}.${raw}`), v1)) return "wrong signature";
  if (Math.abs(now - Number(t) * 1000) > CALENDLY_TOLERANCE_MS) return "a stale timestamp";
  return null;
}

const calendlyBody = z.object({
  event: z.string(),
  created_at: isoTime,
  payload: z
    .object({
      uri: text(300).min(1),
      email: z.string().trim().pipe(z.email().max(254)),
      name: z.string().nullish(),
      old_invitee: text(300).nullish(),
      rescheduled: z.boolean().nullish(),
      questions_and_answers: z.array(z.object({ question: z.string(), answer: z.string().nullish() })).nullish(),
      scheduled_event: z.object({ start_time: isoTime, end_time: isoTime }).loose(),
      tracking: z.object({ utm_content: z.string().nullish() }).loose().nullish(),
    })
    .loose(),
});

export function parseCalendly(json: unknown): SchedulerParse {
  const type = (json as { event?: unknown } | null)?.event;
  if (type !== "invitee.created" && type !== "invitee.canceled") return { kind: "ignored", reason: `event ${String(type).slice(0, 40)}` };
  const parsed = calendlyBody.safeParse(json);
  if (!parsed.success) return { kind: "invalid", reason: `payload: ${parsed.error.issues[0]?.path.join(".") ?? "shape"}` };
  const { created_at, payload } = parsed.data;
  // A reschedule at Calendly cancels the old invitee and creates a new one that names it (old_invitee): the new
  // one's invitee.created carries the move, so the old one's cancellation is not a cancelled call.
  if (type === "invitee.canceled" && payload.rescheduled) return { kind: "ignored", reason: "the cancellation of a rescheduled invitee" };
  return {
    kind: "event",
    event: {
      provider: "calendly",
      bookingId: payload.uri,
      previousBookingId: payload.old_invitee || null,
      status: type === "invitee.canceled" ? "cancelled" : payload.old_invitee ? "rescheduled" : "booked",
      at: Date.parse(created_at),
      startAt: Date.parse(payload.scheduled_event.start_time),
      endAt: Date.parse(payload.scheduled_event.end_time),
      name: payload.name?.trim().slice(0, 200) || null,
      email: payload.email,
      answers: (payload.questions_and_answers ?? [])
        .filter((qa) => qa.answer?.trim())
        .slice(0, ANSWERS_MAX)
        .map((qa) => ({ question: clip(qa.question), answer: clip(qa.answer ?? "") })),
      ref: payload.tracking?.utm_content?.slice(0, 200) ?? null,
    },
  };
}
