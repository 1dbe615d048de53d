/**
 * The broadcasts admin's loaders and actions (the routes only read the request and call these): the list, the editor
 * (save a draft, count its audience, the section editor's buttons without JavaScript) and the sending controls (a
 * test to the admin, send now, schedule, cancel, pause, resume). Every write goes through broadcasts.server.ts, which
 * adds its audit entry in the write's own batch; a refused step answers with its reason, never a 500.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { broadcasts, broadcastStatuses, type BroadcastRow, type BroadcastSegment } from "~/db/schema";
import { postsForNewsletter } from "~/features/blog/index.server";
import { contentFieldKind } from "~/features/content/index.server";
import type { AdminActor } from "~/features/auth/index.server";
import { getDb } from "~/lib/db.server";
import { readTeamSettings } from "~/lib/team-settings.server";
import { formatInZone, localTime } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { broadcastSchema, EDITOR_INTENTS, segmentSchema, SEND_INTENTS, sendSchema, type BroadcastForm } from "./broadcast.schema";
import { sendTestBroadcast } from "./broadcast-preview.server";
import {
  broadcastStats,
  cancelBroadcast,
  countAudience,
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  pauseBroadcast,
  resumeBroadcast,
  scheduleBroadcast,
  startBroadcast,
  updateBroadcast,
  type BroadcastDraft,
} from "./broadcasts.server";
import { BROADCAST_MESSAGES as M, broadcastPath } from "./broadcasts.messages";

type Status = BroadcastRow["status"];

// ------------------------------------------------------------------ list

/** The list: newest first, of one status (?status=) or all, with each status's count for the filter. */
export async function broadcastsListPage(env: Env, url: URL) {
  const asked = url.searchParams.get("status");
  const status = broadcastStatuses.find((s) => s === asked) ?? null;
  const [rows, counted, { timeZone }] = await Promise.all([
    listBroadcasts(env, status),
    getDb(env)
      .select({ status: broadcasts.status, n: sql<number>`count(*)` })
      .from(broadcasts)
      .groupBy(broadcasts.status),
    readTeamSettings(env.DB),
  ]);
  const counts = Object.fromEntries(counted.map((c) => [c.status, c.n])) as Partial<Record<Status, number>>;
  return {
    status,
    counts,
    timeZone,
    rows: rows.map((b) => ({
      id: b.id,
      subject: b.subject,
      status: b.status,
      fromPost: b.postId !== null,
      segment: b.segment,
      recipients: b.recipientCount,
      // The time that matters for its state: when it is due, when it started, when it was made.
      when:
        b.status === "scheduled" && b.scheduledAt
          ? formatInZone(b.scheduledAt.getTime(), timeZone)
          : formatInZone((b.startedAt ?? b.createdAt).getTime(), timeZone),
      note: b.note,
    })),
  };
}

// ------------------------------------------------------------------ editor

/** The form's values of a saved broadcast (or of a new one). */
function formValues(b: BroadcastRow | null, posts: { id: string }[]): Record<string, string | undefined> {
  if (!b) return { source: posts.length ? "post" : "written", content: "[]" };
  return {
    subject: b.subject,
    preheader: b.preheader,
    source: b.postId ? "post" : "written",
    postId: b.postId ?? undefined,
    title: b.title,
    intro: b.intro,
    content: JSON.stringify(b.postId ? [] : b.sections),
    webVersion: b.webVersion ? "on" : undefined,
    segmentForm: b.segment.form,
    segmentChannel: b.segment.channel,
    segmentCampaign: b.segment.campaign,
    segmentStatus: b.segment.status,
  };
}

/** A broadcast's page: the editor (a draft, or a new one), or its state and figures once it is scheduled or sending. */
export async function broadcastPage(env: Env, id: string | null, admin: { email: string }) {
  const broadcast = id ? await getBroadcast(env, id) : null;
  if (id && !broadcast) throw new Response(M.notFound, { status: 404 });
  const [posts, { timeZone }, audience, stats] = await Promise.all([
    postsForNewsletter(env),
    readTeamSettings(env.DB),
    broadcast?.status === "draft" || !broadcast ? countAudience(env, broadcast?.segment ?? {}) : Promise.resolve(null),
    broadcast && broadcast.status !== "draft" ? broadcastStats(env, broadcast) : Promise.resolve(null),
  ]);
  const when = (d: Date | null) => (d ? formatInZone(d.getTime(), timeZone) : null);
  // The schedule form starts at the next full hour in the team's zone.
  const next = localTime(Date.now() + 60 * 60 * 1000, timeZone);
  return {
    email: admin.email,
    id: broadcast?.id ?? null,
    status: broadcast?.status ?? "draft",
    subject: broadcast?.subject ?? "",
    /** The saved version (the preview frames' cache key). */
    version: String(broadcast?.updatedAt.getTime() ?? 0),
    values: formValues(broadcast, posts),
    posts: posts.map((p) => ({ value: p.id, label: p.title })),
    audience,
    timeZone,
    scheduleDefaults: { date: next.date, time: `${String(next.hour).padStart(2, "0")}:00` },
    scheduledAt: when(broadcast?.scheduledAt ?? null),
    startedAt: when(broadcast?.startedAt ?? null),
    finishedAt: when(broadcast?.finishedAt ?? null),
    note: broadcast?.note ?? null,
    segment: broadcast?.segment ?? {},
    stats,
  };
}
export type BroadcastPageData = Awaited<ReturnType<typeof broadcastPage>>;

export type BroadcastActionData =
  | { form: "editor"; result: SubmissionResult<string[]>; count?: number; editorMessage?: string }
  | { form: "send"; intent: string; result: SubmissionResult<string[]> };

const segmentOf = (v: {
  segmentForm?: string;
  segmentChannel?: string;
  segmentCampaign?: string;
  segmentStatus?: string;
}): BroadcastSegment => ({
  form: v.segmentForm,
  channel: v.segmentChannel,
  campaign: v.segmentCampaign,
  status: v.segmentStatus,
});

function draftOf(v: BroadcastForm): BroadcastDraft {
  let sections: unknown = [];
  if (v.source === "written") {
    try {
      sections = JSON.parse(v.content ?? "[]");
    } catch {
      sections = [];
    }
  }
  return {
    subject: v.subject,
    preheader: v.preheader ?? "",
    postId: v.source === "post" ? (v.postId ?? null) : null,
    title: v.source === "written" ? (v.title ?? "") : "",
    intro: v.source === "written" ? (v.intro ?? "") : "",
    sections: Array.isArray(sections) ? (sections as unknown[]) : [],
    segment: segmentOf(v),
    webVersion: v.webVersion,
  };
}

const editorReply = (body: Omit<Extract<BroadcastActionData, { form: "editor" }>, "form">, status = 200) =>
  data<BroadcastActionData>({ form: "editor", ...body }, { status });

/** The editor's form: an editor button (no JavaScript), Count, or Save (a new draft, or the draft's new version). */
export async function broadcastEditorAction(env: Env, id: string | null, form: FormData, { actor }: AdminActor) {
  const intent = String(form.get("intent") ?? EDITOR_INTENTS.save);
  const submission = parseWithZod(form, { schema: broadcastSchema });
  const kept = { initialValue: submission.payload as SubmissionResult<string[]>["initialValue"] };
  const step = await contentFieldKind.formAction?.({ env, media: undefined, formData: form, payload: submission.payload, intent, actor });
  if (step) return editorReply({ result: step.result, editorMessage: step.editor?.message });
  if (intent === EDITOR_INTENTS.count) {
    const segment = parseWithZod(form, { schema: segmentSchema });
    if (segment.status !== "success") return editorReply({ result: { ...kept, status: "error", error: segment.reply().error } }, 400);
    return editorReply({ result: kept, count: await countAudience(env, segmentOf(segment.value)) });
  }
  if (submission.status !== "success") return editorReply({ result: submission.reply() }, 400);
  const draft = draftOf(submission.value);
  if (!id) {
    const created = await createBroadcast(env, draft, actor);
    return redirectWithToast(env, broadcastPath(created), { type: "success", title: M.created });
  }
  if ((await updateBroadcast(env, id, draft, actor)) === "not-a-draft")
    return editorReply({ result: submission.reply({ formErrors: [M.notEditable] }) }, 409);
  return redirectWithToast(env, broadcastPath(id), { type: "success", title: M.saved });
}

// ------------------------------------------------------------------ sending

export const isSendIntent = (intent: unknown) => SEND_INTENTS.some((i) => i === intent);

/** The sending controls of a saved broadcast. A refusal (sent already, nobody in the audience…) says why, with 409. */
export async function broadcastSendAction(env: Env, id: string, form: FormData, { actor }: AdminActor) {
  const submission = parseWithZod(form, { schema: sendSchema });
  const intent = String(form.get("intent") ?? "");
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<BroadcastActionData>({ form: "send", intent, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const broadcast = await getBroadcast(env, id);
  if (!broadcast) throw new Response(M.notFound, { status: 404 });
  const refuse = (message: string) => reply(submission.reply({ formErrors: [message] }), 409);
  const done = (title: string) => redirectWithToast(env, broadcastPath(id), { type: "success", title });
  const value = submission.value;
  switch (value.intent) {
    case "test":
      return (await sendTestBroadcast(env, broadcast, actor)) === "sent" ? done(M.testSent(actor.email)) : refuse(M.postUnavailable);
    case "send": {
      const started = await startBroadcast(env, id, actor);
      if (started.status === "started") return done(M.started(started.recipients));
      return refuse(
        {
          "not-a-draft": M.notADraft,
          "empty-audience": M.emptyAudience,
          "post-unavailable": M.postUnavailable,
          "no-postal-address": M.noPostalAddress,
        }[started.status],
      );
    }
    case "schedule": {
      const scheduled = await scheduleBroadcast(env, id, { date: value.date, time: value.time }, actor);
      if (scheduled.status === "in-the-past") return reply(submission.reply({ fieldErrors: { time: [M.inThePast] } }), 400);
      if (scheduled.status === "not-a-draft") return refuse(M.notADraft);
      const { timeZone } = await readTeamSettings(env.DB);
      return done(M.scheduled(`${formatInZone(scheduled.at, timeZone)} (${timeZone})`));
    }
    case "cancel":
      return (await cancelBroadcast(env, id, actor)) ? done(M.cancelled) : refuse(M.notScheduled);
    case "pause":
      return (await pauseBroadcast(env, id, actor)) ? done(M.paused) : refuse(M.notSending);
    case "resume":
      return (await resumeBroadcast(env, id, actor)) ? done(M.resumed) : refuse(M.notPaused);
  }
}
