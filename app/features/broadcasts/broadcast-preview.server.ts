/**
 * A broadcast as its email, before it is sent: the preview (the HTML the pipeline renders, in the admin's frames at
 * phone and desktop width) and the test sent to the signed-in admin through the outbox. A draft made from a post
 * shows the post as it is now (sending copies it when it starts); a started one, what was copied.
 */
import type { BroadcastRow } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { emailContext, renderEmail, type RenderedEmail } from "~/email/render.server";
import { postForNewsletter } from "~/features/blog/index.server";
import { auditEntry, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { broadcastEmail, broadcastTestEmail, sectionsHtml, sectionsText } from "./broadcast.emails";
import type { BroadcastPayload } from "./send-check.server";
import { webVersionUrl } from "./web-version.server";

/** The email's payload as it would be sent now, or null when its post is no longer published. */
export async function currentPayload(env: Env, b: BroadcastRow): Promise<BroadcastPayload | null> {
  const fromPost = b.postId !== null && b.startedAt === null;
  const post = fromPost ? await postForNewsletter(env, b.postId!) : null;
  if (fromPost && !post) return null;
  const body = post
    ? { title: post.title, intro: post.excerpt ?? "", sections: post.content, postSlug: post.slug }
    : { title: b.title, intro: b.intro, sections: b.sections, postSlug: b.postSlug };
  const site = env.SITE_URL.replace(/\/+$/, "");
  return {
    broadcastId: b.id,
    subject: b.subject,
    preheader: b.preheader,
    title: body.title,
    intro: body.intro,
    sections: body.sections,
    readOnUrl: body.postSlug ? `${site}/blog/${body.postSlug}` : null,
    bodyHtml: sectionsHtml(body.sections, site),
    bodyText: sectionsText(body.sections, site),
    webVersionUrl: b.webVersion ? webVersionUrl(site, b.slug) : null,
  };
}

/** The email one recipient (here the admin looking) would get: the pipeline's own rendering. */
export async function previewEmail(env: Env, b: BroadcastRow, recipient: string): Promise<RenderedEmail | null> {
  const payload = await currentPayload(env, b);
  return payload ? renderEmail(broadcastEmail, payload, await emailContext(env, broadcastEmail, recipient)) : null;
}

/** Its own policy for the preview: nothing runs, nothing loads but images, and only the site's own pages may frame it. */
export const PREVIEW_POLICY = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** A test to the admin, through the outbox (one row, its audit entry in the same batch), then the queue. */
export async function sendTestBroadcast(env: Env, b: BroadcastRow, actor: Actor): Promise<"sent" | "post-unavailable"> {
  const payload = await currentPayload(env, b);
  if (!payload) return "post-unavailable";
  const db = getDb(env);
  const draft = outboxDraft(broadcastTestEmail, actor.email, payload);
  await db.batch([
    insertOutbox(db, [draft]),
    auditEntry(db, { action: "broadcasts.test", actor, resource: "broadcasts", recordId: b.id, detail: { outboxId: draft.id } }),
  ]);
  await enqueueOutbox(env, [draft.id]);
  return "sent";
}
