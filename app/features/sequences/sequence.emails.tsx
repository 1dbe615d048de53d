import { z } from "zod";
import { renderInline } from "~/components/content/markup";
import { defineEmailTemplate } from "~/email/template";
import { fillMergeFields } from "./merge";

/** The kind of every step email (the list machinery cancels its unsent rows on unsubscribe). */
export const SEQUENCE_STEP_KIND = "sequence-step";

/** The step as the cron filled it: every merge field but the unsubscribe link, made at render for the recipient. */
const payload = z.object({ subject: z.string(), body: z.string(), enrolmentId: z.string(), step: z.number() });

const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
const withLink = (body: string, url: string | undefined) => fillMergeFields(body, { unsubscribe_link: url ?? "" });
const plain = (text: string) => text.replace(/\*\*(.+?)\*\*/g, "$1").replace(/\[([^[\]\n]+)\]\(([^()\s]+)\)/g, "$1 ($2)");

export const sequenceStepEmail = defineEmailTemplate({
  kind: SEQUENCE_STEP_KIND,
  list: "follow-up",
  toVisitor: true,
  schema: payload,
  subject: (p) => p.subject,
  preview: (p) => plain(paragraphs(p.body)[0] ?? "").slice(0, 120),
  html: (p, ctx) => (
    <>
      {paragraphs(withLink(p.body, ctx.unsubscribeUrl)).map((text, i) => (
        <p key={i}>{renderInline(text)}</p>
      ))}
    </>
  ),
  text: (p, ctx) => paragraphs(withLink(p.body, ctx.unsubscribeUrl)).map(plain).join("\n\n"),
});

export const sequenceEmails = [sequenceStepEmail];
