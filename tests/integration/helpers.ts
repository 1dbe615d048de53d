/**
 * Helpers for integration tests: requests go through the real Worker entry
 * (server.ts) with the real local D1; the queue producer is wrapped so a test
 * can see which messages were put on EMAIL_QUEUE.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../server";
import { purgeLocally } from "~/lib/edge-purge.server";
import { TURNSTILE_FIELD } from "~/lib/form-guard";
import { TEST_TOKEN } from "./siteverify-stub";

export const ORIGIN = "http://localhost:8787";

interface QueueRecorder {
  env: Env;
  messages: unknown[];
}

/**
 * An env whose EMAIL_QUEUE records every message. With `forward`, messages
 * also go on to the real local queue (and so to the real consumer).
 */
export function recordingEnv(overrides: Partial<Env> = {}, { forward = false, failSend = false } = {}): QueueRecorder {
  const messages: unknown[] = [];
  const queue = {
    async send(body: unknown) {
      if (failSend) throw new Error("Queue unavailable");
      messages.push(body);
      if (forward) await env.EMAIL_QUEUE.send(body);
    },
    async sendBatch(batch: Iterable<MessageSendRequest>) {
      if (failSend) throw new Error("Queue unavailable");
      const list = [...batch];
      messages.push(...list.map((m) => m.body));
      if (forward) await env.EMAIL_QUEUE.sendBatch(list);
    },
  } as unknown as Queue;
  return { env: { ...env, ...overrides, EMAIL_QUEUE: queue }, messages };
}

export async function request(path: string, init: RequestInit = {}, testEnv: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const url = new URL(path, ORIGIN);
  // A real request always carries Host (Remix compares it with Origin on POSTs).
  const headers = new Headers(init.headers);
  if (!headers.has("Host")) headers.set("Host", url.host);
  const res = await worker.fetch(new Request(url, { ...init, headers }) as never, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Steps and statements from a response's Server-Timing header. */
export function dbTiming(res: Response): { steps: number; statements: number } {
  const header = res.headers.get("Server-Timing") ?? "";
  const match = /db;dur=[\d.]+;desc="(\d+) steps?, (\d+) statements?"/.exec(header);
  if (!match) throw new Error(`No db entry in Server-Timing: "${header}"`);
  expect(header).toMatch(/render;dur=[\d.]+/);
  return { steps: Number(match[1]), statements: Number(match[2]) };
}

/** How the edge cache served a response (Server-Timing `cache;desc=…`): hit, miss, stale or bypass. */
export function cacheMode(res: Response): string {
  const header = res.headers.get("Server-Timing") ?? "";
  const match = /cache;desc=(\w+)/.exec(header);
  if (!match) throw new Error(`No cache entry in Server-Timing: "${header}"`);
  return match[1]!;
}

/**
 * Purges the edge cache's pages with these tags, as the admin write that changes them would (the local stand-in):
 * for a test that writes D1 or changes a var itself, then reads the page again.
 */
export function purgeEdge(...tags: string[]): Promise<void> {
  return purgeLocally(env, tags);
}

/** An env whose PURGE_QUEUE records every message (purges and views) instead of queueing it. */
export function purgeRecorder(
  overrides: Partial<Env> = {},
  { failSend = false } = {},
): { env: Env; messages: unknown[]; batches: number[] } {
  const messages: unknown[] = [];
  const batches: number[] = [];
  const queue = {
    async send(body: unknown) {
      if (failSend) throw new Error("Queue unavailable");
      messages.push(body);
    },
    async sendBatch(sent: MessageSendRequest[]) {
      if (failSend) throw new Error("Queue unavailable");
      batches.push(sent.length);
      messages.push(...sent.map((m) => m.body));
    },
  } as unknown as Queue;
  return { env: { ...env, ...overrides, PURGE_QUEUE: queue }, messages, batches };
}

let ipCounter = 0;
/** A fresh client IP per call, so rate limits do not leak between tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Posts a form as a browser whose Turnstile widget ran: with the token the
 * test keys issue (siteverify is stubbed: siteverify-stub.ts). `token: null`
 * posts without one, as with JavaScript off (then the form's time stamp and
 * the tighter limit apply: send a `_stamp`, e.g. from `formStampFor`).
 */
export function postForm(
  path: string,
  /** A list sends the name once per value, in order (radios, then a text box of the same name). */
  fields: Record<string, string | string[]>,
  {
    ip = freshIp(),
    testEnv = env,
    cookie,
    headers: extra = {},
    token = TEST_TOKEN,
  }: { ip?: string; testEnv?: Env; cookie?: string; headers?: Record<string, string>; token?: string | null } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": ip,
    ...extra,
  };
  if (cookie) headers.Cookie = cookie;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  if (token !== null && !body.has(TURNSTILE_FIELD)) body.append(TURNSTILE_FIELD, token);
  return request(path, { method: "POST", body, headers, redirect: "manual" }, testEnv);
}

/** The `name=value` parts of every Set-Cookie header, to send back. */
export function cookieFrom(res: Response, name?: string): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const picked = name ? cookies.filter((c) => c.startsWith(`${name}=`)) : cookies;
  expect(picked.length).toBeGreaterThan(0);
  return picked.join("; ");
}

export { waitFor } from "../wait-for";

export async function all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { results } = await env.DB.prepare(sql)
    .bind(...params)
    .all<T>();
  return results;
}

/** The env with a D1 whose batch() fails (storage down for writes; reads and rate limits still work). */
export function envWithFailingBatch(base: Env = env): Env {
  return envWithFlakyBatch(Infinity, "D1 is down", base).env;
}

/**
 * The env with a D1 whose first `failures` batch() calls fail with `message`; `calls` counts every call.
 * The Worker reads through a Sessions API session (`withSession`): its sessions fail the same way.
 */
export function envWithFlakyBatch(failures: number, message: string, base: Env = env): { env: Env; calls: () => number } {
  let calls = 0;
  const flaky = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) => {
            calls += 1;
            return calls <= failures ? Promise.reject(new Error(message)) : (target as unknown as D1Database).batch(statements);
          };
        if (prop === "withSession") return (constraint?: string) => flaky((target as unknown as D1Database).withSession(constraint));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { env: { ...base, DB: flaky(base.DB) }, calls: () => calls };
}

/**
 * The env with a D1 that refuses the statements `match` picks (by their SQL), `failures` times in all
 * (every time by default), with `message`: alone or in a batch, whichever way they are run. Others,
 * including reads through the request's Sessions API session, still work.
 */
export function envWithFailingStatements(
  { match, message, failures = Infinity }: { match: (sql: string) => boolean; message: string; failures?: number },
  base: Env = env,
): { env: Env; refusals: () => number } {
  let refusals = 0;
  /** A rejection while failures remain; null once they are used up. */
  const refuse = () => {
    if (refusals >= failures) return null;
    refusals += 1;
    return Promise.reject(new Error(message));
  };
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const failing = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => failing(target.bind(...values));
        if (prop === "run" || prop === "all" || prop === "raw" || prop === "first")
          return (...args: unknown[]) => refuse() ?? (target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  const wrapped = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        const d1 = target as unknown as D1Database;
        if (prop === "prepare") return (sql: string) => (match(sql) ? failing(d1.prepare(sql)) : d1.prepare(sql));
        if (prop === "batch")
          return (statements: D1PreparedStatement[]) =>
            (statements.some((s) => originals.has(s)) ? refuse() : null) ?? d1.batch(statements.map((s) => originals.get(s) ?? s));
        if (prop === "withSession") return (constraint?: string) => wrapped(d1.withSession(constraint));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { env: { ...base, DB: wrapped(base.DB) }, refusals: () => refusals };
}

/** The env with a D1 that reads but refuses every write (INSERT, UPDATE, DELETE), as when storage fails mid-request. */
export function envWithFailingWrites(base: Env = env): Env {
  return envWithFailingStatements(
    { match: (sql) => /^\s*(insert|update|delete|replace)\b/i.test(sql), message: "D1 refused the write" },
    base,
  ).env;
}

/**
 * Posts until one is refused with 429 and returns how many were accepted
 * before it. The edge limiter (Workers Rate Limiting) counts per minute: a
 * burst that straddles the end of a minute starts a fresh window, so up to
 * twice the limit may pass before the refusal, never fewer than the limit.
 */
export async function burstUntilRefused(post: () => Promise<Response>, limit: number): Promise<{ accepted: number; refused: Response }> {
  let accepted = 0;
  for (let i = 0; i <= 2 * limit; i++) {
    const res = await post();
    if (res.status === 429) return { accepted, refused: res };
    expect(res.status).toBeLessThan(400);
    accepted += 1;
  }
  throw new Error(`No 429 after ${2 * limit + 1} posts`);
}

/**
 * The env with a D1 that holds every statement whose SQL matches `pattern`
 * (a "does it exist yet?" check) until `parties` of them have run. Requests
 * sent together then all pass their check before any of them writes: the race
 * two admins (or two visitors) could hit by chance, made certain. Statements
 * after the barrier has opened pass straight through. Sessions (`withSession`)
 * are held the same way.
 */
export function envRacingOn(pattern: RegExp, parties = 2, base: Env = env): Env {
  let arrived = 0;
  let open!: () => void;
  const allChecked = new Promise<void>((resolve) => (open = resolve));
  const held = async <T>(result: Promise<T>): Promise<T> => {
    const value = await result;
    arrived += 1;
    if (arrived >= parties) open();
    await allChecked;
    return value;
  };
  const passThrough = (target: object, prop: string | symbol) => {
    const value = Reflect.get(target, prop);
    return typeof value === "function" ? value.bind(target) : value;
  };
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        if (prop === "all" || prop === "first" || prop === "raw" || prop === "run")
          return (...args: unknown[]) => held((target[prop] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return passThrough(target, prop);
      },
    });
  const database = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare")
          return (query: string) => {
            const stmt = (target as unknown as D1Database).prepare(query);
            return pattern.test(query) ? statement(stmt) : stmt;
          };
        if (prop === "withSession") return (constraint?: string) => database((target as unknown as D1Database).withSession(constraint));
        return passThrough(target, prop);
      },
    });
  return { ...base, DB: database(base.DB) };
}

/**
 * The env with a D1 whose first `times` batch() calls commit and then lose their answer (a reset
 * connection): the write is stored, yet the caller sees a transient error. `calls` counts batches.
 */
export function envLosingAnswers(times: number, base: Env = env): { env: Env; calls: () => number } {
  let calls = 0;
  const losing = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            calls += 1;
            const results = await (target as unknown as D1Database).batch(statements);
            if (calls <= times) throw new Error("D1_ERROR: Network connection lost.");
            return results;
          };
        if (prop === "withSession") return (constraint?: string) => losing((target as unknown as D1Database).withSession(constraint));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { env: { ...base, DB: losing(base.DB) }, calls: () => calls };
}
