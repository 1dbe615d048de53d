/**
 * D1 sometimes fails a write for a moment: the database is busy or locked,
 * overloaded, or its connection was reset. Such a write is tried again a few
 * times with a short, growing delay before the visitor sees a failure. An
 * error in the data (a constraint, a type) is never retried: it would fail
 * the same way again.
 */
import { logMessage } from "./log.server";

/** Messages D1 and SQLite give for a failure that may pass on its own. */
const TRANSIENT =
  /SQLITE_BUSY|SQLITE_LOCKED|database is (locked|busy)|overloaded|Network connection lost|connection (was )?reset|object to be reset|reset because its code was updated|transient issue|Too many requests queued|Internal error|storage operation exceeded timeout|timed? ?out/i;
/** Errors in the statement or the data: the same write would fail again. */
const PERMANENT = /constraint|SQLITE_CONSTRAINT|SQLITE_MISMATCH|SQLITE_TOOBIG|syntax error|no such (table|column)|datatype mismatch/i;

function messageOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  return `${error instanceof Error ? error.message : String(error)} ${cause instanceof Error ? cause.message : (cause ?? "")}`;
}

export function isTransientD1Error(error: unknown): boolean {
  const message = messageOf(error);
  return TRANSIENT.test(message) && !PERMANENT.test(message);
}

/** Delays before each new try, in ms: 4 tries in all, under half a second of waiting. */
export const D1_RETRY_DELAYS_MS = [50, 120, 250] as const;

/** Runs `write`, trying again after a transient D1 error; every retry is logged with `label`. */
export async function withD1Retry<T>(label: string, write: () => Promise<T>, delays: readonly number[] = D1_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= delays.length || !isTransientD1Error(error)) throw error;
      console.warn(`D1 write "${label}" failed (${logMessage(error)}); retry ${attempt + 1} of ${delays.length} in ${delays[attempt]} ms`);
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
