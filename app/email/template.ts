/**
 * What an email template is. Features define their templates with
 * `defineEmailTemplate` (next to the feature); `registry.server.ts` lists them
 * so the queue consumer can render an outbox row by its `kind`.
 */
import type { ReactElement } from "react";
import type { z } from "zod";
import type { EmailList } from "~/lib/email-lists";

export interface EmailContext {
  siteUrl: string;
  contactEmail: string;
  /** The recipient's signed unsubscribe link, for a template sent to a `list` (made by `emailContext`). */
  unsubscribeUrl?: string;
  /** The sender's postal address (POSTAL_ADDRESS), in the footer of a list's email. */
  postalAddress?: string;
}

/** An outbox row as a template's `prepare` sees it. */
export interface PrepareRow {
  id: string;
  recipient: string;
  payload: Record<string, unknown>;
}

/** What `prepare` decided for a set of rows. */
export interface PreparedRows<P> {
  /** The rows wait (a paused broadcast): they become `held`, sent when resumed. */
  hold?: boolean;
  /** Rows not to send, each with its reason (they become `skipped`). */
  skip: Map<string, string>;
  /** The payload each other row renders with. */
  payloads: Map<string, P>;
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
  /**
   * Payload fields that are secrets (a single-use link), ADR 0017: sealed in the outbox row
   * (app/lib/encryption.server.ts) until the first try, and removed from it by that try, sent or
   * not, so the database never keeps a usable copy. A later try (a queue retry, the sweeper, an
   * admin's Resend) makes new ones with `relink`.
   */
  secretFields?: (keyof P & string)[];
  /**
   * With `secretFields`: new values for them, for the recipient, withdrawing the old ones (a new link,
   * never the old token revived). Null when there is nothing left to send (the link was used or
   * withdrawn): the email then fails for good. The new values are only rendered, never stored.
   */
  relink?: (env: Env, recipient: string) => Promise<Partial<P> | null>;
  /**
   * The list this email is sent to (its recipient joined it). Rendering then adds the
   * `List-Unsubscribe` and `List-Unsubscribe-Post` headers and a visible unsubscribe link,
   * and refuses to render without the link (ADR 0016). Emails to the team, and the
   * newsletter's confirmation request (its recipient has not joined), have none.
   */
  list?: EmailList;
  /**
   * Sent to the address a public form was given (not the team, not an admin): counted by the daily
   * cap per address (features/submissions/store.server.ts, ADR 0015). Every such template must say so.
   */
  toVisitor?: boolean;
  /**
   * `false`: links to the site are left untagged (the team's daily digest). Otherwise rendering tags every link to
   * the site's public pages with `utm_medium=email&utm_source=<kind>` (ADR 0022), so a visit from it counts as email.
   */
  campaignLinks?: false;
  /**
   * Checked at send time, for a batch of rows at once (ADR 0025): which to hold or skip, and the payload each other
   * row renders with (the stored one names what to load). A broadcast's email has one; a D1 statement or two per
   * batch, never per row.
   */
  prepare?: (env: Env, rows: PrepareRow[]) => Promise<PreparedRows<P>>;
}

export function defineEmailTemplate<P extends Record<string, unknown>>(t: EmailTemplate<P>): EmailTemplate<P> {
  return t;
}

/**
 * The visitor's first name as a greeting. Emails to visitors go to whatever
 * address was typed, so they repeat nothing else the visitor wrote: only
 * letters, spaces, dots, dashes and apostrophes, 40 at most ("there" if none),
 * so a form cannot send our branded email carrying someone else's text.
 */
export function greetingName(name: string): string {
  return (
    name
      .replace(/[^\p{L}\p{M}' .-]/gu, "")
      .trim()
      .slice(0, 40) || "there"
  );
}
