import { renderToStaticMarkup } from "react-dom/server";
import { EmailLayout } from "./layout";
import type { EmailContext, EmailTemplate } from "./template";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmail<P extends Record<string, unknown>>(
  template: EmailTemplate<P>,
  rawPayload: unknown,
  ctx: EmailContext,
): RenderedEmail {
  const payload = template.schema.parse(rawPayload);
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <EmailLayout preview={template.preview(payload)} ctx={ctx}>
        {template.html(payload, ctx)}
      </EmailLayout>,
    );
  // A subject is one line: a visitor-typed value must not add header lines.
  const subject = template
    .subject(payload)
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  return { subject, html, text: template.text(payload, ctx) };
}
