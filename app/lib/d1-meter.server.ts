/**
 * Counting D1 round trips. The Worker entry wraps the request's D1 binding
 * once (`meteredD1`), so every query of the request, whoever makes it
 * (drizzle, raw `prepare`, `batch`), is counted: how many calls, how many
 * statements, in how many sequential **steps**, and how long they took.
 *
 * A step is a stretch of time in which at least one call is in flight: calls
 * that overlap (a `batch()`, a `Promise.all`, Remix's parallel loaders) share
 * one. On Cloudflare every step costs a round trip from the Worker to the
 * database (150-250 ms from the far side of the world to the primary), so a
 * page's step count, not its local query time, decides its speed for most
 * visitors. The result goes out as a `Server-Timing` header.
 *
 * The wrapper keeps a counter and two timestamps per call: no measurable
 * cost when nobody reads the header.
 */

export class D1Meter {
  statements = 0;
  steps = 0;
  /** Milliseconds with at least one call in flight. */
  durationMs = 0;
  private inFlight = 0;
  private stepStart = 0;

  async track<T>(statements: number, call: () => Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) {
      this.steps += 1;
      this.stepStart = performance.now();
    }
    this.statements += statements;
    try {
      return await call();
    } finally {
      if (--this.inFlight === 0) this.durationMs += performance.now() - this.stepStart;
    }
  }

  /** The `db` entry of a Server-Timing header. */
  serverTiming(): string {
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    return `db;dur=${this.durationMs.toFixed(1)};desc="${plural(this.steps, "step")}, ${plural(this.statements, "statement")}"`;
  }
}

/** The D1 statement behind a metered one (a batch hands the real ones to D1). */
const INNER = Symbol("d1-inner-statement");
type Metered = D1PreparedStatement & { [INNER]: D1PreparedStatement };

function meteredStatement(inner: D1PreparedStatement, meter: D1Meter): D1PreparedStatement {
  const statement = {
    [INNER]: inner,
    bind: (...values: unknown[]) => meteredStatement(inner.bind(...values), meter),
    first: (column?: string) => meter.track(1, () => (column === undefined ? inner.first() : inner.first(column))),
    run: () => meter.track(1, () => inner.run()),
    all: () => meter.track(1, () => inner.all()),
    raw: (options?: { columnNames?: boolean }) => meter.track(1, () => inner.raw(options as { columnNames: true })),
  };
  return statement as unknown as Metered;
}

const unwrap = (s: D1PreparedStatement) => (s as Partial<Metered>)[INNER] ?? s;

/**
 * The request's Sessions API session, with every call counted by `meter`,
 * typed as the binding the app's code expects (`env.DB`). It offers what a
 * session has: `prepare`, `batch` and `getBookmark`.
 */
export function meteredD1(session: D1DatabaseSession, meter: D1Meter): D1Database {
  const metered = {
    prepare: (query: string) => meteredStatement(session.prepare(query), meter),
    batch: <T>(statements: D1PreparedStatement[]) => meter.track(statements.length, () => session.batch<T>(statements.map(unwrap))),
    getBookmark: () => session.getBookmark(),
  };
  return metered as unknown as D1Database;
}
