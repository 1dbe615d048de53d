/**
 * The server half of the admin resource pattern: loaders and actions for the
 * list, the form (new and edit, with preview) and the delete confirmation,
 * built from a declaration. Every one calls `requireAdmin` first.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { pageFromUrl } from "../pagination";
import { BodyTooLargeError, readFormData } from "../request.server";
import type { ToastInput } from "../toast";
import { redirectWithToast } from "../toast.server";
import { isUniqueViolation } from "../unique.server";
import { CONFIRM_DELETE_MESSAGE, INTENT, PAGE_SIZE, staleMessage, UPDATED_AT_FIELD, type ResourceDef, type ResourceRow } from "./types";

/** What the site already serves: slugs may not take these first path segments. */
export type ServerContext = { env: Env; reservedPaths: ReadonlySet<string> };

export type SaveOutcome = "ok" | "stale" | "missing";

export interface ResourceServer<Schema extends z.ZodType = z.ZodType> {
  def: ResourceDef<Schema>;
  list(env: Env, opts: { q: string; page: number; pageSize: number }): Promise<{ rows: ResourceRow[]; total: number }>;
  /** The record as form values (strings, booleans, numbers), with `updatedAt` in ms. */
  get(env: Env, id: string): Promise<({ id: string; title: string; updatedAt: number } & Record<string, unknown>) | null>;
  /** Initial values of a new record. */
  defaults?(env: Env): Promise<Record<string, unknown>>;
  /** Suggestions for `suggest` fields, by field name. */
  suggestions?(env: Env): Promise<Record<string, string[]>>;
  /**
   * Field errors only the database can tell (a slug taken, a reserved path).
   * Asked again when a save is refused by a unique index (a save in between
   * took the value), so its messages are also the answer to a race.
   */
  check?(ctx: ServerContext, value: z.output<Schema>, id: string | null): Promise<Record<string, string[]> | null>;
  create(env: Env, value: z.output<Schema>): Promise<void>;
  /** Updates only when the stored `updated_at` is still `expectedUpdatedAt`. */
  update(env: Env, id: string, value: z.output<Schema>, expectedUpdatedAt: number): Promise<SaveOutcome>;
  remove(env: Env, id: string): Promise<boolean>;
  /** A stronger confirmation before deleting (what the site will lose), or null. */
  deleteWarning?(row: { id: string; title: string } & Record<string, unknown>): string | null;
  /** Extra list actions told apart by `intent` (e.g. move-up / move-down). */
  listActions?: Record<string, (env: Env, form: FormData) => Promise<ToastInput>>;
}

export type FormActionData = { result: SubmissionResult<string[]>; preview?: unknown; previewed?: boolean };

const ADMIN_FORM_BYTES = 512 * 1024;
const listPath = (def: ResourceDef) => `/admin/dashboard/${def.tab}`;

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
export type Guard = (request: Request, env: Env) => Promise<unknown>;

function ctxOf(context: AppLoadContext): ServerContext {
  return { env: context.cloudflare.env, reservedPaths: context.reservedPaths ?? new Set() };
}

/** The database's message, without driver prefixes, for the admin to read. */
function dbMessage(error: unknown, fallback: string): string {
  const text = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
  const clean = text.replace(/^(D1_ERROR|Error):\s*/i, "").replace(/:\s*SQLITE_\w+$/, "").trim();
  return clean && clean.length < 200 && !/failed query/i.test(clean) ? clean : fallback;
}

export function createResourceHandlers(resolve: (tab: string | undefined) => ResourceServer | undefined, guard: Guard) {
  async function start({ request, params, context }: Args) {
    const { env } = context.cloudflare;
    await guard(request, env);
    const resource = resolve(params.tab);
    if (!resource) throw new Response("Not found", { status: 404 });
    return { env, resource };
  }

  async function listLoader(args: Args) {
    const { env, resource } = await start(args);
    const url = new URL(args.request.url);
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
    const page = pageFromUrl(url);
    try {
      const { rows, total } = await resource.list(env, { q, page, pageSize: PAGE_SIZE });
      return { tab: resource.def.tab, rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), q, error: null };
    } catch (error) {
      console.error(`Listing ${resource.def.tab} failed`, error);
      return { tab: resource.def.tab, rows: [] as ResourceRow[], total: 0, page, pageCount: 1, q, error: resource.def.messages.fetchFailed };
    }
  }

  async function listAction(args: Args) {
    const { env, resource } = await start(args);
    const form = await readFormData(args.request);
    const run = resource.listActions?.[String(form.get("intent"))];
    const back = `${listPath(resource.def)}${new URL(args.request.url).search}`;
    if (!run) return redirectWithToast(env, back, { type: "error", title: "Unknown action" });
    try {
      return redirectWithToast(env, back, await run(env, form));
    } catch (error) {
      console.error(`A list action on ${resource.def.tab} failed`, error);
      return redirectWithToast(env, back, { type: "error", title: resource.def.messages.saveFailed });
    }
  }

  async function formLoader(args: Args) {
    const { env, resource } = await start(args);
    const id = args.params.id;
    const suggestions = (await resource.suggestions?.(env)) ?? {};
    if (!id) return { tab: resource.def.tab, id: null, values: (await resource.defaults?.(env)) ?? {}, updatedAt: null, suggestions };
    const record = await resource.get(env, id);
    if (!record) throw redirect(listPath(resource.def));
    const { updatedAt, ...values } = record;
    return { tab: resource.def.tab, id, values, updatedAt: updatedAt as number | null, suggestions };
  }

  async function formAction(args: Args) {
    const { env, resource } = await start(args);
    const { def } = resource;
    const id = args.params.id ?? null;
    let formData: FormData;
    try {
      formData = await readFormData(args.request, ADMIN_FORM_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      const empty = parseWithZod(new FormData(), { schema: def.schema });
      return data<FormActionData>({ result: empty.reply({ formErrors: ["That is more than a record may hold (512 KB)."] }) }, { status: 413 });
    }
    const submission = parseWithZod(formData, { schema: def.schema });
    if (submission.status !== "success") return data<FormActionData>({ result: submission.reply() }, { status: 400 });
    const value = submission.value as Record<string, unknown>;

    if (formData.get("intent") === INTENT.preview) {
      return data<FormActionData>({ result: submission.reply(), preview: def.previewField ? value[def.previewField] : null, previewed: true });
    }
    const fieldErrors = await resource.check?.(ctxOf(args.context), submission.value, id);
    if (fieldErrors) return data<FormActionData>({ result: submission.reply({ fieldErrors }) }, { status: 400 });

    try {
      if (id) {
        const expected = Number(formData.get(UPDATED_AT_FIELD));
        const outcome = await resource.update(env, id, submission.value, Number.isFinite(expected) ? expected : -1);
        if (outcome === "stale") return data<FormActionData>({ result: submission.reply({ formErrors: [staleMessage(def.singular)] }) }, { status: 409 });
        if (outcome === "missing") return redirectWithToast(env, listPath(def), { type: "error", title: def.messages.saveFailed });
      } else {
        await resource.create(env, submission.value);
      }
    } catch (error) {
      // Another save took the slug (or name) since the check: the database refused this one, so answer as the check would now.
      if (isUniqueViolation(error)) {
        const raced = resource.check ? await resource.check(ctxOf(args.context), submission.value, id).catch(() => null) : null;
        if (raced) return data<FormActionData>({ result: submission.reply({ fieldErrors: raced }) }, { status: 400 });
      }
      console.error(`Saving a ${def.singular} failed`, error);
      return data<FormActionData>({ result: submission.reply({ formErrors: [dbMessage(error, def.messages.saveFailed)] }) }, { status: 503 });
    }
    return redirectWithToast(env, listPath(def), { type: "success", title: id ? def.messages.updated : def.messages.created });
  }

  async function deleteLoader(args: Args) {
    const { env, resource } = await start(args);
    const record = await resource.get(env, args.params.id ?? "");
    if (!record) throw redirect(listPath(resource.def));
    return { tab: resource.def.tab, id: record.id, title: record.title, warning: resource.deleteWarning?.(record) ?? null };
  }

  async function deleteAction(args: Args) {
    const { env, resource } = await start(args);
    const { def } = resource;
    const form = await readFormData(args.request);
    const record = await resource.get(env, args.params.id ?? "");
    if (!record) return redirectWithToast(env, listPath(def), { type: "error", title: def.messages.deleteFailed });
    if (resource.deleteWarning?.(record) && form.get("confirm") !== "yes") {
      // The message goes under the box (400), like every other form's field error.
      return data({ confirmError: CONFIRM_DELETE_MESSAGE }, { status: 400 });
    }
    try {
      const removed = await resource.remove(env, record.id);
      return redirectWithToast(env, listPath(def), removed ? { type: "success", title: def.messages.deleted } : { type: "error", title: def.messages.deleteFailed });
    } catch (error) {
      console.error(`Deleting a ${def.singular} failed`, error);
      return redirectWithToast(env, listPath(def), { type: "error", title: def.messages.deleteFailed });
    }
  }

  return { listLoader, listAction, formLoader, formAction, deleteLoader, deleteAction };
}

export type ListData = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["listLoader"]>>;
export type FormData_ = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["formLoader"]>>;
export type DeleteData = Awaited<ReturnType<ReturnType<typeof createResourceHandlers>["deleteLoader"]>>;
