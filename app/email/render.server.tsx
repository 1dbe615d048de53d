import { renderToStaticMarkup } from "react-dom/server";
import { listUnsubscribeHeaders, unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import { EmailLayout } from "./layout";
import type { EmailContext, EmailTemplate } from "./template";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Extra message headers the transport passes on (List-Unsubscribe for a list's email). */
  headers: Record<string, string>;
}

/** The context one email renders in: the site's addresses, and the recipient's unsubscribe link for a list's email. */
export async function emailContext(
  env: Env,
  template: Pick<EmailTemplate<Record<string, unknown>>, "list">,
  recipient: string,
): Promise<EmailContext> {
  const ctx: EmailContext = { siteUrl: env.SITE_URL, contactEmail: env.CONTACT_EMAIL };
  if (template.list) ctx.unsubscribeUrl = await unsubscribeUrl(env, template.list, recipient);
  return ctx;
}

export function renderEmail<P extends Record<string, unknown>>(
  template: EmailTemplate<P>,
  rawPayload: unknown,
  ctx: EmailContext,
): RenderedEmail {
  const payload = template.schema.parse(rawPayload);
  // A list's email is never sent without its way out.
  if (template.list && !ctx.unsubscribeUrl) throw new Error(`Email "${template.kind}" goes to a list but has no unsubscribe link`);
  const unsubscribe = template.list ? ctx.unsubscribeUrl : undefined;
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <EmailLayout preview={template.preview(payload)} ctx={ctx} unsubscribeUrl={unsubscribe}>
        {template.html(payload, ctx)}
      </EmailLayout>,
    );
  // A subject is one line: a visitor-typed value must not add header lines.
  const subject = template
    .subject(payload)
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  const text = template.text(payload, ctx);
  return {
    subject,
    html,
    text: unsubscribe ? `${text}\n\n--\nUnsubscribe: ${unsubscribe}` : text,
    headers: unsubscribe ? listUnsubscribeHeaders(unsubscribe) : {},
  };
}
