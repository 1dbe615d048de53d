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
  return { subject: template.subject(payload), html, text: template.text(payload, ctx) };
}
