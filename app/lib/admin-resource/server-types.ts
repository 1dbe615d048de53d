/**
 * The admin resource pattern's server contract: what a declaration's server
 * half implements (`ResourceServer`), what the handlers are given (the media
 * library, the field kinds' server halves) and what a form action answers.
 * The handlers themselves are in `./server.ts`.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Actor, AuditInput, ResourceVerb } from "../audit.server";
import type { ToastInput } from "../toast";
import type { AnyResourceDef, FieldKind, ResourceRow, RowKeyOf } from "./types";

/** What the site already serves: slugs may not take these first path segments. */
export type ServerContext = { env: Env; reservedPaths: ReadonlySet<string> };

export type SaveOutcome = "ok" | "stale" | "missing";

/** What the list asks for: the search, the page and the filter's value (null: every record). */
export type ListQuery = { q: string; page: number; pageSize: number; filter: string | null };
export type ListResult<Row extends ResourceRow = ResourceRow> = {
  rows: Row[];
  /** Records matching the search and the filter. */
  total: number;
  /** With a filter: records matching the search, by the filtered key's value. */
  counts?: Record<string, number>;
};

type SchemaOf<Def extends AnyResourceDef> = Def["schema"];

/** The admin making a write (its email is stored as the record's `updated_by`) and the request's address. */
export type { Actor, AuditInput };
/** A record as form values (strings, booleans, numbers), with `updatedAt` in ms. */
export type FormValues = { id: string; title: string; updatedAt: number } & Record<string, unknown>;
/** A kept version of a record: who saved it and when (ms). */
export type RevisionSummary = { id: string; savedBy: string | null; savedAt: number };
/** A kept version with its values, in the shape `get` returns. */
export type RevisionValues = RevisionSummary & { values: FormValues };

export interface ResourceServer<Def extends AnyResourceDef = AnyResourceDef> {
  def: Def;
  list(env: Env, query: ListQuery): Promise<ListResult<ResourceRow<RowKeyOf<Def>>>>;
  /** The record as form values (strings, booleans, numbers), with `updatedAt` in ms. */
  get(env: Env, id: string): Promise<FormValues | null>;
  /** Initial values of a new record. */
  defaults?(env: Env): Promise<Record<string, unknown>>;
  /** Suggestions for `suggest` fields, by field name. */
  suggestions?(env: Env): Promise<Record<string, string[]>>;
  /**
   * Field errors only the database can tell (a slug taken, a reserved path).
   * Asked again when a save is refused by a unique index (a save in between
   * took the value), so its messages are also the answer to a race.
   */
  check?(ctx: ServerContext, value: z.output<SchemaOf<Def>>, id: string | null): Promise<Record<string, string[]> | null>;
  /**
   * Without it, records are not created in the dashboard (Q&A: visitors submit them); `new` is a 404.
   * `audit` is the entry to write in the same batch as the record, with the new record's id.
   */
  create?(env: Env, value: z.output<SchemaOf<Def>>, actor: Actor, audit: AuditInput): Promise<void>;
  /**
   * Updates only when the stored `updated_at` is still `expectedUpdatedAt`; `actor` is who saves. `audit`
   * goes in the same batch, under the same stale check: a save that changes nothing records nothing.
   */
  update(
    env: Env,
    id: string,
    value: z.output<SchemaOf<Def>>,
    expectedUpdatedAt: number,
    actor: Actor,
    audit: AuditInput,
  ): Promise<SaveOutcome>;
  /** Deletes the record and writes `audit` in the same batch, only when there was a record to delete. */
  remove(env: Env, id: string, audit: AuditInput): Promise<boolean>;
  /** A stronger confirmation before deleting (what the site will lose), or null. */
  deleteWarning?(row: { id: string; title: string } & Record<string, unknown>): string | null;
  /** Extra list actions told apart by `intent` (e.g. move-up / move-down); a write records itself as `actor`. */
  listActions?: Record<string, (env: Env, form: FormData, actor: Actor) => Promise<ToastInput>>;
  /**
   * The edge cache's tags of the public pages a write changes (ADR 0020): after every successful create, update,
   * restore, delete and list action the pattern purges them everywhere. `id` is null for a create and a list action.
   * Without it, nothing public shows the records.
   */
  edgeTags?(env: Env, write: { verb: ResourceVerb | "list"; id: string | null }): string[] | Promise<string[]>;
  /** The record's earlier versions, for records that keep them (`tableQueries(…, { revisions })`). */
  revisions?: {
    /** Newest first. */
    list(env: Env, id: string, limit: number): Promise<RevisionSummary[]>;
    get(env: Env, id: string, revisionId: string): Promise<RevisionValues | null>;
  };
}

export type FormActionData = {
  result: SubmissionResult<string[]>;
  preview?: unknown;
  previewed?: boolean;
  /** What a field kind's own action did (a section editor's: said in its live region). */
  editor?: { message: string };
};

/** A field kind's own form action: the form as sent, and the media library when there is one. */
export type FieldKindActionArgs = {
  env: Env;
  media?: MediaLibrary;
  formData: FormData;
  /** The form's values as parsed (even when they fail the schema). */
  payload: Record<string, unknown>;
  intent: string;
  actor: Actor;
};

/**
 * What a field kind adds to the form action, given by the feature that owns the kind (the content feature
 * gives `content` its section editor), so that the pattern itself knows no field's editor.
 */
export interface FieldKindServer {
  /**
   * Runs an action of the kind's own (an editor's button sent without JavaScript) before the schema's check:
   * the form's answer, everything typed kept; null when `intent` is not the kind's.
   */
  formAction?(args: FieldKindActionArgs): Promise<FormActionData | null>;
  /** The field's parsed value as it is previewed and saved (the content editor: each library image's true size). */
  saved?(env: Env, value: unknown, media: MediaLibrary | undefined): Promise<unknown>;
}

/** The field kinds' server halves, by kind. */
export type FieldKinds = Partial<Record<FieldKind, FieldKindServer>>;

/** An image of the media library as content forms use it. */
export type ContentImage = { src: string; alt: string; width: number; height: number; name: string };
/**
 * The media library, for forms with a content field: the images to pick, an
 * upload from the form itself (without JavaScript), and the true sizes of the
 * images a saved content uses.
 */
export interface MediaLibrary {
  list(env: Env): Promise<ContentImage[]>;
  store(env: Env, file: File, alt: string, actor: Actor): Promise<ContentImage | { error: string }>;
  sizes(env: Env, srcs: string[]): Promise<Map<string, { width: number; height: number }>>;
}
