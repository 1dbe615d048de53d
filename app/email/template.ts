/**
 * What an email template is. Features define their templates with
 * `defineEmailTemplate` (next to the feature); `registry.server.ts` lists them
 * so the queue consumer can render an outbox row by its `kind`.
 */
import type { ReactElement } from "react";
import type { z } from "zod";

export interface EmailContext {
  siteUrl: string;
  contactEmail: string;
}

export interface EmailTemplate<P extends Record<string, unknown>> {
  kind: string;
  /** Validates the stored payload before rendering. */
  schema: z.ZodType<P>;
  subject: (payload: P) => string;
  /** One line shown by mail clients next to the subject. */
  preview: (payload: P) => string;
  /** The HTML body, a React component (so every value is escaped). */
  html: (payload: P, ctx: EmailContext) => ReactElement;
  text: (payload: P, ctx: EmailContext) => string;
}

export function defineEmailTemplate<P extends Record<string, unknown>>(t: EmailTemplate<P>): EmailTemplate<P> {
  return t;
}
