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
 * The wrapper keeps two counters and two timestamps per call: no measurable
 * cost when nobody reads the header.
 */

export class D1Meter {
  calls = 0;
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
    this.calls += 1;
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
 * A D1 binding (or a Sessions API session of it) whose every call is counted
 * by `meter`. It offers what the app uses: `prepare`, `batch`, `exec`, and,
 * for a session, `getBookmark`.
 */
export function meteredD1(db: D1Database | D1DatabaseSession, meter: D1Meter): D1Database {
  const metered = {
    prepare: (query: string) => meteredStatement(db.prepare(query), meter),
    batch: <T>(statements: D1PreparedStatement[]) => meter.track(statements.length, () => db.batch<T>(statements.map(unwrap))),
    exec: (query: string) => {
      if (!("exec" in db)) throw new Error("exec() is not available on a D1 session");
      return meter.track(1, () => db.exec(query));
    },
    withSession: (constraint?: string) => {
      if (!("withSession" in db)) throw new Error("Already a D1 session");
      return meteredD1(db.withSession(constraint), meter);
    },
    getBookmark: () => ("getBookmark" in db ? db.getBookmark() : null),
    dump: () => Promise.reject(new Error("dump() is not supported")),
  };
  return metered as unknown as D1Database;
}
