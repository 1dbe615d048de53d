/**
 * Every email template the consumer can render, by kind. This is the one
 * place that gathers the features' templates (like routes, it composes).
 */
import { waitlistEmails } from "~/features/lead-capture/waitlist.emails";
import type { EmailTemplate } from "./template";

const templates: EmailTemplate<any>[] = [...waitlistEmails];

const byKind = new Map(templates.map((t) => [t.kind, t]));

export function templateFor(kind: string): EmailTemplate<Record<string, unknown>> | undefined {
  return byKind.get(kind);
}
