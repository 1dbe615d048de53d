/**
 * What the Worker's logs may print about an error. A typed email address,
 * password or code never reaches a log line:
 * - a failed drizzle query's error carries its bound values in its message
 *   (`Failed query: … params: …`): only its SQL is printed, never the values;
 * - email addresses anywhere in a message (a provider's answer, a database
 *   error, a cause) are masked.
 * Every `console.*` that prints an error caught while handling what someone
 * typed goes through `loggable` (or `logMessage` inside a line of text).
 */
import { DrizzleQueryError } from "drizzle-orm";

const EMAIL = /[^\s@<>"'`(),;:[\]]+@[^\s@<>"'`(),;:[\]]+\.[^\s@<>"'`(),;:[\]]+/g;

/** The text with every email address replaced by `[email]`. */
export const maskEmails = (text: string): string => text.replace(EMAIL, "[email]");

/** An error's own message, safe for a log: a failed query's SQL without its values; emails masked. */
export function logMessage(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause === undefined ? "" : ` (${logMessage(error.cause)})`;
    return maskEmails(`Failed query: ${error.query}${cause}`);
  }
  if (error instanceof Error) return maskEmails(`${error.name}: ${error.message}`);
  return maskEmails(String(error));
}

const frames = (error: Error) => (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));

/** The error as a log prints it: its message as `logMessage` gives it, its stack frames, and its causes. */
export function loggable(error: unknown): string {
  if (!(error instanceof Error)) return logMessage(error);
  const lines = [logMessage(error), ...frames(error)];
  // A drizzle error's cause is already in its message.
  const cause = error instanceof DrizzleQueryError ? undefined : error.cause;
  if (cause !== undefined) lines.push(`Caused by: ${loggable(cause)}`);
  return lines.join("\n");
}
