/**
 * What delivery needs to know of the features, handed to it by the composition root: every email template the
 * consumer can render, by kind, and the check of a list's unsubscribes made at send time. Delivery imports no
 * feature: `server.ts` (the Worker's queue and cron) and `app/entry.server.tsx` (the Remix app, whose forms count
 * the daily cap by the templates' `toVisitor`) each call `configureDelivery` with `app/delivery-setup.server.ts`.
 */
import type { EmailList } from "~/lib/email-lists";
import type { EmailTemplate } from "./template";

export interface DeliverySetup {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of templates of every payload type; each validates its own payload with its schema
  templates: EmailTemplate<any>[];
  /** Whether the address left the list (a list's email is then not sent, ADR 0016). */
  hasUnsubscribed: (env: Env, list: EmailList, email: string) => Promise<boolean>;
  /**
   * Work a feature puts on EMAIL_QUEUE as `{ task: <name>, ... }` (a broadcast's fan-out step), by name: run by the
   * consumer, retried by the queue when it throws. Each must be idempotent (delivery is at least once).
   */
  tasks?: Readonly<Record<string, QueueTask>>;
}

export type QueueTask = (env: Env, body: Readonly<Record<string, unknown>>) => Promise<void>;

interface Registry extends DeliverySetup {
  byKind: Map<string, EmailTemplate<Record<string, unknown>>>;
  visitorKinds: readonly string[];
}

let registry: Registry | null = null;

/** Hands delivery the features' templates and hooks (once per bundle, from a composition root). */
export function configureDelivery(setup: DeliverySetup): void {
  const kinds = new Set<string>();
  for (const t of setup.templates) {
    if (kinds.has(t.kind)) throw new Error(`Two email templates have the kind "${t.kind}"`);
    kinds.add(t.kind);
  }
  registry = {
    ...setup,
    byKind: new Map(setup.templates.map((t) => [t.kind, t])),
    visitorKinds: setup.templates.filter((t) => t.toVisitor).map((t) => t.kind),
  };
}

function configured(): Registry {
  if (!registry) throw new Error("Delivery is not configured: the composition root must call configureDelivery first");
  return registry;
}

export function templateFor(kind: string): EmailTemplate<Record<string, unknown>> | undefined {
  return configured().byKind.get(kind);
}

/** The kinds sent to an address typed into a public form (`toVisitor`): what the daily cap counts. */
export function visitorEmailKinds(): readonly string[] {
  return configured().visitorKinds;
}

export function hasUnsubscribed(env: Env, list: EmailList, email: string): Promise<boolean> {
  return configured().hasUnsubscribed(env, list, email);
}

export function taskFor(name: string): QueueTask | undefined {
  const tasks = configured().tasks ?? {};
  return Object.hasOwn(tasks, name) ? tasks[name] : undefined;
}
