import { renderToStaticMarkup } from "react-dom/server";
import { listIdHeader, listUnsubscribeHeaders, unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import { emailLink } from "~/lib/visit-source";
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
  if (template.list) {
    ctx.unsubscribeUrl = await unsubscribeUrl(env, template.list, recipient);
    if (env.POSTAL_ADDRESS.trim()) ctx.postalAddress = env.POSTAL_ADDRESS.trim();
  }
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
      <EmailLayout
        preview={template.preview(payload)}
        ctx={ctx}
        unsubscribeUrl={unsubscribe}
        postalAddress={unsubscribe ? ctx.postalAddress : undefined}
      >
        {template.html(payload, ctx)}
      </EmailLayout>,
    );
  // A subject is one line: a visitor-typed value must not add header lines.
  const subject = template
    .subject(payload)
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  let text = template.text(payload, ctx);
  let body = html;
  if (template.campaignLinks !== false) {
    body = tagHtmlLinks(html, ctx.siteUrl, template.kind);
    text = tagTextLinks(text, ctx.siteUrl, template.kind);
  }
  return {
    subject,
    html: body,
    text: unsubscribe ? `${text}\n\n--\n${ctx.postalAddress ? `${ctx.postalAddress}\n` : ""}Unsubscribe: ${unsubscribe}` : text,
    headers: unsubscribe && template.list ? { ...listUnsubscribeHeaders(unsubscribe), ...listIdHeader(template.list, ctx.siteUrl) } : {},
  };
}

/** Every `href` to the site's public pages, tagged for the email (`emailLink`); the attribute's `&amp;` kept. */
function tagHtmlLinks(html: string, siteUrl: string, kind: string): string {
  return html.replace(/href="([^"]*)"/g, (whole, raw: string) => {
    const href = raw.replaceAll("&amp;", "&");
    const tagged = emailLink(href, siteUrl, kind);
    return tagged === href ? whole : `href="${tagged.replaceAll("&", "&amp;")}"`;
  });
}

/** Every URL of the site in a text body, tagged; punctuation after a URL stays outside it. */
function tagTextLinks(text: string, siteUrl: string, kind: string): string {
  return text.replace(/https?:\/\/[^\s<>"']+/g, (found) => {
    const trail = /[.,;:!?)]+$/.exec(found)?.[0] ?? "";
    const url = found.slice(0, found.length - trail.length);
    return emailLink(url, siteUrl, kind) + trail;
  });
}
