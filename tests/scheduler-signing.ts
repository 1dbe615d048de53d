/**
 * The schedulers' side of their webhooks, for the tests: bodies shaped as Cal.com and Calendly send them, signed
 * as each signs (Cal.com: HMAC-SHA256 hex of the body; Calendly: `t=…,v1=…` over `t + "." + body`). Node and
 * workerd both have Web Crypto.
 */
const encoder = new TextEncoder();

export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

export type CalTrigger = "BOOKING_CREATED" | "BOOKING_RESCHEDULED" | "BOOKING_CANCELLED";

export interface Booking {
  uid: string;
  email: string;
  name?: string;
  start: string;
  end: string;
  /** The scheduler's time of the event (its version). */
  at: string;
  rescheduleUid?: string;
  ref?: string;
  notes?: string;
}

export function calComBody(trigger: CalTrigger | string, b: Booking): string {
  return JSON.stringify({
    triggerEvent: trigger,
    createdAt: b.at,
    payload: {
      type: "strategy-call",
      title: "30 min strategy call",
      uid: b.uid,
      ...(b.rescheduleUid ? { rescheduleUid: b.rescheduleUid } : {}),
      startTime: b.start,
      endTime: b.end,
      organizer: { name: "Founder Leads", email: "team@founderleads.example.com", timeZone: "UTC" },
      attendees: [{ name: b.name ?? "Ada Founder", email: b.email, timeZone: "Europe/Berlin" }],
      responses: {
        name: { label: "your_name", value: b.name ?? "Ada Founder" },
        email: { label: "email_address", value: b.email },
        notes: { label: "What should we talk about?", value: b.notes ?? "Our first 50 merchants" },
      },
      metadata: b.ref ? { ref: b.ref } : {},
      status: trigger === "BOOKING_CANCELLED" ? "CANCELLED" : "ACCEPTED",
    },
  });
}

export async function calComHeaders(secret: string, body: string): Promise<Record<string, string>> {
  return { "Content-Type": "application/json", "x-cal-signature-256": await hmacHex(secret, body) };
}

export function calendlyBody(
  event: "invitee.created" | "invitee.canceled" | string,
  b: Booking & { oldInvitee?: string; rescheduled?: boolean },
): string {
  return JSON.stringify({
    event,
    created_at: b.at,
    created_by: "https://api.calendly.com/users/TEAM",
    payload: {
      uri: b.uid,
      email: b.email,
      name: b.name ?? "Ada Founder",
      status: event === "invitee.canceled" ? "canceled" : "active",
      old_invitee: b.oldInvitee ?? null,
      new_invitee: null,
      rescheduled: b.rescheduled ?? false,
      questions_and_answers: [{ question: "What should we talk about?", answer: b.notes ?? "Our first 50 merchants", position: 0 }],
      scheduled_event: { uri: "https://api.calendly.com/scheduled_events/EV1", start_time: b.start, end_time: b.end, name: "30 min" },
      tracking: { utm_content: b.ref ?? null },
    },
  });
}

export async function calendlyHeaders(key: string, body: string, seconds = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
  return {
    "Content-Type": "application/json",
    "Calendly-Webhook-Signature": `t=${seconds},v1=${await hmacHex(key, `${seconds}.${body}`)}`,
  };
}
