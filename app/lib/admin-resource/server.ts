/**
 * The server half of the admin resource pattern: loaders and actions for the
 * list (search, paging, a filter with counts), the form (new and edit, with
 * preview), the delete confirmation and, for records that keep them, a
 * revision (view, compare, restore), built from a declaration. Every one
 * calls the guard (`requireAdmin`) first; saves are made as the admin it
 * returns. Every create, update, restore and delete hands the declaration its
 * audit entry (`<tab>.<verb>`, who, from where), which the write puts in its
 * own batch (ADR 0011).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { EDITOR_MESSAGES } from "~/features/content/editor/editor.messages";
import { sectionName, sectionsFromPayload } from "~/features/content/editor/form-values";
import { editorStep, isEditorIntent, UPLOAD_INTENT_PREFIX } from "~/features/content/editor/intents";
import { CONTENT_MODE } from "~/features/content/editor/model";
import { requestActor, type Actor, type AuditInput, type ResourceVerb } from "../audit.server";
import { pageFromUrl } from "../pagination";
import { BodyTooLargeError, readFormData } from "../request.server";
import type { ToastInput } from "../toast";
import { formatDateTime } from "~/components/ui/format";
import { redirectWithToast } from "../toast.server";
import { isUniqueViolation } from "../unique.server";
import {
  CONFIRM_DELETE_MESSAGE,
  FILTER_ALL,
  INTENT,
  PAGE_SIZE,
  resourcePath,
  staleMessage,
  UPDATED_AT_FIELD,
  type AnyResourceDef,
  type ResourceFilter,
  type ResourceRow,
  type RowKeyOf,
} from "./types";
import { loggable } from "../log.server";

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

/** Versions listed on the edit page (more are kept: see table.server.ts). */
export const REVISIONS_LISTED = 20;

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
  /** What a section editor's action did (said in its live region). */
  editor?: { message: string };
};

/** The content with each library image's true width and height. */
async function withImageSizes(env: Env, media: MediaLibrary, content: string): Promise<string> {
  let sections: unknown;
  try {
    sections = JSON.parse(content);
  } catch {
    return content;
  }
  if (!Array.isArray(sections)) return content;
  const images = sections.filter((s): s is { type: "image"; src: string } => s?.type === "image" && typeof s.src === "string");
  if (!images.length) return content;
  const sizes = await media.sizes(
    env,
    images.map((s) => s.src),
  );
  return JSON.stringify(
    sections.map((s: unknown) =>
      images.includes(s as never) && sizes.get((s as { src: string }).src)
        ? { ...(s as object), ...sizes.get((s as { src: string }).src) }
        : s,
    ),
  );
}

/** An image uploaded from an image section without JavaScript: stored, then chosen in that section; the form comes back. */
async function uploadAction(
  env: Env,
  media: MediaLibrary,
  formData: FormData,
  payload: Record<string, unknown>,
  index: number,
  actor: Actor,
): Promise<FormActionData> {
  const sections = sectionsFromPayload(payload);
  const { intent: _intent, ...values } = payload;
  const file = formData.get(sectionName(index, "file"));
  const section = sections[index];
  const stored =
    !section || section.type !== "image"
      ? { error: EDITOR_MESSAGES.chooseFile }
      : !(file instanceof File) || file.size === 0
        ? { error: EDITOR_MESSAGES.chooseFile }
        : await media.store(env, file, String(formData.get(sectionName(index, "alt")) ?? ""), actor);
  if (!("error" in stored)) sections[index] = { ...section!, src: stored.src, width: String(stored.width), height: String(stored.height) };
  const initialValue = { ...values, contentMode: CONTENT_MODE.blocks, sections } as SubmissionResult["initialValue"];
  return "error" in stored
    ? { result: { status: "error", initialValue, error: { [sectionName(index, "file")]: [stored.error] } } }
    : { result: { initialValue }, editor: { message: EDITOR_MESSAGES.uploaded } };
}

/** Runs a section editor's action on a submitted form: its values, with the content as the action left it. */
function editorAction(payload: Record<string, unknown>, intent: string): FormActionData {
  const next = editorStep(
    {
      mode: payload.contentMode === CONTENT_MODE.json ? CONTENT_MODE.json : CONTENT_MODE.blocks,
      sections: sectionsFromPayload(payload),
      text: typeof payload.content === "string" ? payload.content : "",
    },
    intent,
  );
  const { intent: _intent, ...values } = payload;
  const initialValue = { ...values, contentMode: next.mode, content: next.text, sections: next.sections };
  return { result: { initialValue: initialValue }, editor: { message: next.message } };
}

const ADMIN_FORM_BYTES = 512 * 1024;
const tooLargeMessage = (bytes: number) =>
  `That is more than a record may hold (${bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`}).`;

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
type Guard = (request: Request, env: Env) => Promise<{ id: string; email: string }>;

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

function ctxOf(context: AppLoadContext): ServerContext {
  return { env: context.cloudflare.env, reservedPaths: context.reservedPaths ?? new Set() };
}

/** The database's message, without driver prefixes, for the admin to read (null when it says nothing useful). */
function dbMessage(error: unknown): string | null {
  const text = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
  const clean = text
    .replace(/^(D1_ERROR|Error):\s*/i, "")
    .replace(/:\s*SQLITE_\w+$/, "")
    .trim();
  return clean && clean.length < 200 && !/failed query/i.test(clean) ? clean : null;
}

/** The filter's value in the URL: one of its options, `all`, else where the list opens. */
function filterValue(filter: ResourceFilter, value: string | null): string {
  if (value === FILTER_ALL && filter.all) return value;
  return filter.options.some((o) => o.value === value) ? value! : filter.initial;
}

/**
 * Form values as a browser would post them (a ticked box "on", an unticked one absent), so a
 * restored version goes through the schema like a typed one.
 */
function formDataOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === false) continue;
    form.set(key, value === true ? "on" : String(value));
  }
  return form;
}

/** Why a save was not made: the form's status and messages, or the record is gone. */
type Refusal = { status: 400 | 409 | 503; formErrors?: string[]; fieldErrors?: Record<string, string[]> } | { status: "missing" };

/** The list, opened on the option a saved record belongs to (when the declaration has a filter). */
function listAfterSave(def: AnyResourceDef, value: Record<string, unknown>): string {
  const saved = def.filter ? value[def.filter.key] : undefined;
  return typeof saved === "string" && def.filter!.options.some((o) => o.value === saved)
    ? `${resourcePath(def)}?${new URLSearchParams({ [def.filter!.key]: saved })}`
    : resourcePath(def);
}

export function createResourceHandlers(
  resolve: (tab: string | undefined) => ResourceServer | undefined,
  guard: Guard,
  media?: MediaLibrary,
) {
  const hasContent = (def: AnyResourceDef) => def.fields.some((f) => f.kind === "content");
  async function start({ request, params, context }: Args) {
    const { env } = context.cloudflare;
    const actor = requestActor(request, await guard(request, env));
    const resource = resolve(params.tab);
    if (!resource) throw new Response("Not found", { status: 404 });
    return { env, resource, actor };
  }

  /** The form body, or null when it is larger than `maxBytes` (the caller answers 413). */
  async function readForm(request: Request, maxBytes?: number): Promise<FormData | null> {
    try {
      return await readFormData(request, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return null;
      throw error;
    }
  }
  /** A list or delete form never holds this much: the error page, with 413. */
  const tooLarge = () => new Response("That is more than this form may send.", { status: 413, statusText: "Payload Too Large" });

  /** The list; when it cannot be read, the tab still renders and says so (503). */
  async function listLoader(args: Args) {
    const { env, resource } = await start(args);
    const { def } = resource;
    const url = new URL(args.request.url);
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
    const page = pageFromUrl(url);
    const filter = def.filter ? filterValue(def.filter, url.searchParams.get(def.filter.key)) : null;
    const common = { tab: def.tab, page, q, canCreate: !!resource.create };
    try {
      const {
        rows,
        total,
        counts = {},
      } = await resource.list(env, { q, page, pageSize: PAGE_SIZE, filter: filter === FILTER_ALL ? null : filter });
      const withAll: Record<string, number> = { ...counts, [FILTER_ALL]: Object.values(counts).reduce((n, c) => n + c, 0) };
      const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
      return data({
        ...common,
        rows,
        total,
        pageCount,
        filter: filter ? { value: filter, counts: withAll } : null,
        error: null as string | null,
      });
    } catch (error) {
      console.error(`Listing ${def.tab} failed`, loggable(error));
      const counts: Record<string, number> = {};
      const failed = {
        ...common,
        rows: [] as ResourceRow[],
        total: 0,
        pageCount: 1,
        filter: filter ? { value: filter, counts } : null,
        error: def.messages.fetchFailed as string | null,
      };
      return data(failed, { status: 503 });
    }
  }

  async function listAction(args: Args) {
    const { env, resource, actor } = await start(args);
    const form = await readForm(args.request);
    if (!form) throw tooLarge();
    const run = resource.listActions?.[String(form.get("intent"))];
    const back = `${resourcePath(resource.def)}${new URL(args.request.url).search}`;
    if (!run) return redirectWithToast(env, back, { type: "error", title: "Unknown action" });
    try {
      return redirectWithToast(env, back, await run(env, form, actor));
    } catch (error) {
      console.error(`A list action on ${resource.def.tab} failed`, loggable(error));
      return redirectWithToast(env, back, { type: "error", title: resource.def.messages.saveFailed });
    }
  }

  /** The record of an edit page, or the start of a new one (a 404 where records are not created here). */
  async function startForm(args: Args) {
    const started = await start(args);
    if (!args.params.id && !started.resource.create) throw new Response("Not found", { status: 404 });
    return started;
  }

  async function formLoader(args: Args) {
    const { env, resource } = await startForm(args);
    const id = args.params.id;
    const [suggestions, library] = await Promise.all([
      resource.suggestions?.(env) ?? Promise.resolve<Record<string, string[]>>({}),
      media && hasContent(resource.def) ? media.list(env) : ([] as ContentImage[]),
    ]);
    const common = { tab: resource.def.tab, suggestions, library };
    if (!id) {
      const values = (await resource.defaults?.(env)) ?? {};
      return { ...common, id: null, values, updatedAt: null, revisions: null as RevisionSummary[] | null };
    }
    const [record, revisions] = await Promise.all([resource.get(env, id), resource.revisions?.list(env, id, REVISIONS_LISTED) ?? null]);
    if (!record) throw redirect(resourcePath(resource.def));
    const { updatedAt, ...values } = record;
    return { ...common, id, values, updatedAt: updatedAt as number | null, revisions };
  }

  /**
   * Saves a parsed value as `actor`: the declaration's check, then create or update (the stale-save check
   * against `expected`), with its audit entry in the same batch. Null when saved; otherwise why not. A
   * normal save and a restore (`restored`: the version's id) both come here.
   */
  async function save(
    args: Args,
    resource: ResourceServer,
    value: unknown,
    id: string | null,
    expected: number,
    actor: Actor,
    restored?: string,
  ): Promise<Refusal | null> {
    const { def } = resource;
    const { env } = args.context.cloudflare;
    const fieldErrors = await resource.check?.(ctxOf(args.context), value, id);
    if (fieldErrors) return { status: 400, fieldErrors };
    try {
      if (id) {
        const audit = auditOf(def, restored ? "restore" : "update", actor, id, restored ? { revision: restored } : null);
        const outcome = await resource.update(env, id, value, expected, actor, audit);
        if (outcome === "stale") return { status: 409, formErrors: [staleMessage(def.singular)] };
        if (outcome === "missing") return { status: "missing" };
      } else {
        await resource.create!(env, value, actor, auditOf(def, "create", actor, null, null));
      }
      return null;
    } catch (error) {
      // Another save took the slug (or name) since the check: the database refused this one, so answer as the check would now.
      if (isUniqueViolation(error)) {
        const raced = resource.check ? await resource.check(ctxOf(args.context), value, id).catch(() => null) : null;
        if (raced) return { status: 400, fieldErrors: raced };
      }
      console.error(`Saving a ${def.singular} failed`, loggable(error));
      // The declaration's message (spec), then what the database said, when it said something.
      return { status: 503, formErrors: [def.messages.saveFailed, dbMessage(error)].filter((m): m is string => !!m) };
    }
  }

  async function formAction(args: Args) {
    const { env, resource, actor } = await startForm(args);
    const { def } = resource;
    const id = args.params.id ?? null;
    const maxBytes = def.maxBodyBytes ?? ADMIN_FORM_BYTES;
    const formData = await readForm(args.request, maxBytes);
    if (!formData) {
      const empty = parseWithZod(new FormData(), { schema: def.schema });
      return data<FormActionData>({ result: empty.reply({ formErrors: [tooLargeMessage(maxBytes)] }) }, { status: 413 });
    }
    const submission = parseWithZod(formData, { schema: def.schema });
    const intent = formData.get("intent");
    // A section editor's action without JavaScript: the form comes back with the action applied and everything typed kept.
    if (typeof intent === "string" && intent.startsWith(UPLOAD_INTENT_PREFIX) && media) {
      const answer = await uploadAction(env, media, formData, submission.payload, Number(intent.slice(UPLOAD_INTENT_PREFIX.length)), actor);
      return data<FormActionData>(answer, { status: answer.result.status === "error" ? 400 : 200 });
    }
    if (isEditorIntent(intent)) return data<FormActionData>(editorAction(submission.payload, intent));
    if (submission.status !== "success") return data<FormActionData>({ result: submission.reply() }, { status: 400 });
    const value = submission.value as Record<string, unknown>;
    // Images keep the size the library measured, whatever the form said.
    if (media && typeof value.content === "string" && value.content.includes('"image"'))
      value.content = await withImageSizes(env, media, value.content);

    if (formData.get("intent") === INTENT.preview) {
      return data<FormActionData>({
        result: submission.reply(),
        preview: def.previewField ? value[def.previewField] : null,
        previewed: true,
      });
    }
    const refused = await save(args, resource, submission.value, id, expectedOf(formData), actor);
    if (refused?.status === "missing") return redirectWithToast(env, resourcePath(def), { type: "error", title: def.messages.saveFailed });
    if (refused) {
      const { status, formErrors, fieldErrors } = refused;
      return data<FormActionData>({ result: submission.reply({ formErrors, fieldErrors }) }, { status });
    }
    const title = id ? def.messages.updated : (def.messages.created ?? def.messages.updated);
    return redirectWithToast(env, listAfterSave(def, value), { type: "success", title });
  }

  async function deleteLoader(args: Args) {
    const { env, resource } = await start(args);
    const record = await resource.get(env, args.params.id ?? "");
    if (!record) throw redirect(resourcePath(resource.def));
    return { tab: resource.def.tab, id: record.id, title: record.title, warning: resource.deleteWarning?.(record) ?? null };
  }

  async function deleteAction(args: Args) {
    const { env, resource, actor } = await start(args);
    const { def } = resource;
    const form = await readForm(args.request);
    if (!form) throw tooLarge();
    const record = await resource.get(env, args.params.id ?? "");
    if (!record) return redirectWithToast(env, resourcePath(def), { type: "error", title: def.messages.deleteFailed });
    if (resource.deleteWarning?.(record) && form.get("confirm") !== "yes") {
      // The message goes under the box (400), like every other form's field error.
      return data({ confirmError: CONFIRM_DELETE_MESSAGE }, { status: 400 });
    }
    try {
      const removed = await resource.remove(
        env,
        record.id,
        auditOf(def, "delete", actor, record.id, def.auditTitle === false ? null : { title: record.title }),
      );
      return redirectWithToast(
        env,
        resourcePath(def),
        removed ? { type: "success", title: def.messages.deleted } : { type: "error", title: def.messages.deleteFailed },
      );
    } catch (error) {
      console.error(`Deleting a ${def.singular} failed`, loggable(error));
      return redirectWithToast(env, resourcePath(def), { type: "error", title: def.messages.deleteFailed });
    }
  }

  /** A record that keeps revisions, and one of its versions (404 when either is missing). */
  async function startRevision(args: Args) {
    const started = await start(args);
    const { env, resource } = started;
    const id = args.params.id ?? "";
    if (!resource.revisions) throw new Response("Not found", { status: 404 });
    const [current, revision] = await Promise.all([resource.get(env, id), resource.revisions.get(env, id, args.params.rev ?? "")]);
    if (!current) throw redirect(resourcePath(resource.def));
    if (!revision) throw new Response("Not found", { status: 404 });
    return { ...started, current, revision };
  }

  /** A version of a record beside the current one (the page renders, compares and offers Restore). */
  async function revisionLoader(args: Args) {
    const { resource, current, revision } = await startRevision(args);
    return { tab: resource.def.tab, id: current.id, current, revision };
  }

  /**
   * Restores a version: a new save of its values through the same path as a typed save (schema,
   * check, stale-save check against the `_updatedAt` the page was opened with), so the version
   * replaced is itself kept. Refused: the page again, with the messages and the status.
   */
  async function revisionAction(args: Args) {
    const { env, resource, actor, current, revision } = await startRevision(args);
    const { def } = resource;
    const form = await readForm(args.request);
    if (!form) throw tooLarge();
    const submission = parseWithZod(formDataOf(revision.values), { schema: def.schema });
    if (submission.status !== "success") {
      const messages = Object.entries(submission.error ?? {}).flatMap(([key, errors]) => {
        const label = def.fields.find((f) => f.name === key)?.label;
        return (errors ?? []).map((e) => (label ? `${label}: ${e}` : e));
      });
      return data({ errors: messages }, { status: 400 });
    }
    const refused = await save(args, resource, submission.value, current.id, expectedOf(form), actor, revision.id);
    if (refused?.status === "missing") return redirectWithToast(env, resourcePath(def), { type: "error", title: def.messages.saveFailed });
    if (refused) {
      const fieldMessages = Object.entries(refused.fieldErrors ?? {}).flatMap(([key, errors]) => {
        const label = def.fields.find((f) => f.name === key)?.label;
        return errors.map((e) => (label ? `${label}: ${e}` : e));
      });
      return data({ errors: [...(refused.formErrors ?? []), ...fieldMessages] }, { status: refused.status });
    }
    return redirectWithToast(env, resourcePath(def, current.id), {
      type: "success",
      title: `Version from ${formatDateTime(revision.savedAt)} restored`,
    });
  }

  return { listLoader, listAction, formLoader, formAction, deleteLoader, deleteAction, revisionLoader, revisionAction };
}

/**
 * The audit entry of a write on a resource: `<tab>.<verb>` by `actor`, on the record (the writer fills in
 * a new record's id and may add its title). `detail` holds only what the entry needs: a deleted record's
 * title (not for declarations whose titles are visitors' text: `auditTitle: false`), a restore's version.
 */
function auditOf(
  def: AnyResourceDef,
  verb: ResourceVerb,
  actor: Actor,
  recordId: string | null,
  detail: Record<string, unknown> | null,
): AuditInput {
  return { action: `${def.tab}.${verb}`, actor, resource: def.tab, recordId, detail };
}

/** The stale-save check's value from a form (-1, never a stored time, when absent). */
function expectedOf(form: FormData): number {
  const expected = Number(form.get(UPDATED_AT_FIELD) ?? NaN);
  return Number.isFinite(expected) ? expected : -1;
}

export type ListData = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["listLoader"]>>["data"];
export type FormData_ = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["formLoader"]>>;
export type DeleteData = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["deleteLoader"]>>;
export type RevisionData = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["revisionLoader"]>>;
/** What a refused restore answers: the messages, shown above the Restore button. */
export type RestoreActionData = { errors: string[] };
