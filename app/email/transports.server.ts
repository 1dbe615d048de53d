/**
 * Where email goes: MailChannels' Email API in production, or the `log`
 * transport locally (prints the message; the outbox row is marked sent).
 */
import { emailFrom } from "~/lib/env.server";
import type { RenderedEmail } from "./render.server";

interface OutgoingEmail extends RenderedEmail {
  to: string;
}

interface EmailTransport {
  name: string;
  /** Sends, or throws. `signal` aborts at the send's deadline: a transport that waits on anything must honour it. */
  send(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
}

export const MAILCHANNELS_URL = "https://api.mailchannels.net/tx/v1/send";

/** The body MailChannels' `POST /tx/v1/send` expects. */
export interface MailChannelsBody {
  /** `headers`: extra message headers for this recipient (List-Unsubscribe and List-Unsubscribe-Post). */
  personalizations: { to: { email: string; name?: string }[]; headers?: Record<string, string> }[];
  from: { email: string; name?: string };
  subject: string;
  content: { type: "text/plain" | "text/html"; value: string }[];
}

function mailChannelsTransport(env: Pick<Env, "EMAIL_FROM" | "MAILCHANNELS_API_KEY">): EmailTransport {
  return {
    name: "mailchannels",
    async send(email, signal) {
      if (!env.MAILCHANNELS_API_KEY) throw new Error("MAILCHANNELS_API_KEY is not set");
      const body: MailChannelsBody = {
        personalizations: [{ to: [{ email: email.to }], ...(Object.keys(email.headers).length ? { headers: email.headers } : {}) }],
        from: emailFrom(env),
        subject: email.subject,
        // MailChannels wants text/plain before text/html.
        content: [
          { type: "text/plain", value: email.text },
          { type: "text/html", value: email.html },
        ],
      };
      const res = await fetch(MAILCHANNELS_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": env.MAILCHANNELS_API_KEY },
        body: JSON.stringify(body),
        signal,
      });
      if (res.status !== 202 && !res.ok) {
        const detail = (await res.text().catch(() => "")).slice(0, 500);
        throw new Error(`MailChannels answered ${res.status}${detail ? `: ${detail}` : ""}`);
      }
    },
  };
}

const logTransport: EmailTransport = {
  name: "log",
  async send(email) {
    const headers = Object.entries(email.headers).map(([name, value]) => `\n${name}: ${value}`);
    console.log(`[email:log] to=${email.to} subject=${JSON.stringify(email.subject)}${headers.join("")}\n${email.text}`);
  },
};

export function getTransport(env: Env): EmailTransport {
  switch (env.EMAIL_TRANSPORT) {
    case "mailchannels":
      return mailChannelsTransport(env);
    case "log":
      return logTransport;
    default:
      throw new Error(`Unknown EMAIL_TRANSPORT "${env.EMAIL_TRANSPORT}" (use "log" or "mailchannels")`);
  }
}
