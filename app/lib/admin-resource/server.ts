/**
 * The server half of the admin resource pattern: loaders and actions for the
 * list (search, paging, a filter with counts), the form (new and edit, with
 * preview), the delete confirmation and, for records that keep them, a
 * revision (view, compare, restore), built from a declaration. Every one
 * calls the guard (`requireAdminActor`) first; saves are made as the actor
 * it returns. Every create, update, restore and delete hands the declaration its
 * audit entry (`<tab>.<verb>`, who, from where), which the write puts in its
 * own batch (ADR 0011).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext, type SerializeFrom } from "@remix-run/cloudflare";
import { type Actor, type AuditInput, type ResourceVerb } from "../audit.server";
import { pageFromUrl } from "../pagination";
import { MAX_FORM_BYTES, readFormWithin } from "../request.server";
import { formatDateTime } from "../format";
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
} from "./types";
import { loggable } from "../log.server";
import { purgeTags } from "../edge-purge.server";
import type {
  FormActionData,
  FieldKinds,
  ContentImage,
  MediaLibrary,
  ResourceServer,
  RevisionSummary,
  ServerContext,
} from "./server-types";

/** Versions listed on the edit page (more are kept: see table.server.ts). */
export const REVISIONS_LISTED = 20;

const ADMIN_FORM_BYTES = 512 * 1024;
const tooLargeMessage = (bytes: number) =>
  `That is more than a record may hold (${bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`}).`;

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
type Guard = (env: Env, request: Request) => Promise<{ actor: Actor }>;

/**
 * After a successful write: the edge cache's copies of the pages that showed the record are purged everywhere
 * (queued, after the response). A failure to name them is logged; the copies expire within five minutes.
 */
function purgeAfterWrite(context: AppLoadContext, resource: ResourceServer, verb: ResourceVerb | "list", id: string | null): void {
  if (!resource.edgeTags) return;
  context.afterResponse(async (env) => {
    try {
      await purgeTags(env, await resource.edgeTags!(env, { verb, id }));
    } catch (error) {
      console.error(`Naming the pages a ${resource.def.singular} write changed failed`, loggable(error));
    }
  });
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
  fieldKinds: FieldKinds = {},
) {
  const hasContent = (def: AnyResourceDef) => def.fields.some((f) => f.kind === "content");
  /** The server halves of the kinds a declaration's fields use, each once, with the fields of that kind. */
  const kindsOf = (def: AnyResourceDef) =>
    [...new Set(def.fields.map((f) => f.kind))].flatMap((kind) => {
      const server = fieldKinds[kind];
      return server ? [{ server, fields: def.fields.filter((f) => f.kind === kind) }] : [];
    });
  async function start({ request, params, context }: Args) {
    const { env } = context.cloudflare;
    const { actor } = await guard(env, request);
    const resource = resolve(params.tab);
    if (!resource) throw new Response("Not found", { status: 404 });
    return { env, resource, actor };
  }

  /** The form body, or null when it is larger than `maxBytes` (the caller answers 413). */
  const readForm = (request: Request, maxBytes = MAX_FORM_BYTES) => readFormWithin(request, maxBytes);
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
      const toast = await run(env, form, actor);
      if (toast.type !== "error") purgeAfterWrite(args.context, resource, "list", null);
      return redirectWithToast(env, back, toast);
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
        purgeAfterWrite(args.context, resource, restored ? "restore" : "update", id);
      } else {
        await resource.create!(env, value, actor, auditOf(def, "create", actor, null, null));
        purgeAfterWrite(args.context, resource, "create", null);
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
    const kinds = kindsOf(def);
    // A field kind's own action (a section editor's button without JavaScript): the form comes back with it applied.
    if (typeof intent === "string") {
      for (const { server } of kinds) {
        const answer = await server.formAction?.({ env, media, formData, payload: submission.payload, intent, actor });
        if (answer) return data<FormActionData>(answer, { status: answer.result.status === "error" ? 400 : 200 });
      }
    }
    if (submission.status !== "success") return data<FormActionData>({ result: submission.reply() }, { status: 400 });
    const value = submission.value as Record<string, unknown>;
    for (const { server, fields } of kinds) {
      if (server.saved) for (const field of fields) value[field.name] = await server.saved(env, value[field.name], media);
    }

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
      if (removed) purgeAfterWrite(args.context, resource, "delete", record.id);
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

/**
 * The pattern's loaders and actions, which the dashboard's routes export: the
 * views type their data from these (`useActionData<ResourceHandlers["formAction"]>()`,
 * `SerializeFrom<…>`), never by hand.
 */
export type ResourceHandlers = ReturnType<typeof createResourceHandlers>;
export type ListData = SerializeFrom<ResourceHandlers["listLoader"]>;
export type FormData_ = SerializeFrom<ResourceHandlers["formLoader"]>;
export type DeleteData = SerializeFrom<ResourceHandlers["deleteLoader"]>;
export type RevisionData = SerializeFrom<ResourceHandlers["revisionLoader"]>;
/** What a refused restore answers: the messages, shown above the Restore button. */
export type RestoreActionData = { errors: string[] };
