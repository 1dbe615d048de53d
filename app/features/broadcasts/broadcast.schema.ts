/**
 * The broadcast forms' rules, shared by the browser (conform, on blur) and the actions: the editor (subject,
 * preheader, the body from a post or written in the section editor, the web version, the segment) and the sending
 * controls (a test, send now, schedule at a local date and time, cancel, pause, resume).
 */
import { z } from "zod";
import { contentEditorShape, contentRules, storedContent } from "~/features/content";
import { personForms } from "~/lib/people";
import { SOURCE_CHANNELS } from "~/lib/visit-source";
import { checkboxField, multiLine, optionalField, singleLine } from "~/lib/validation";
import { BROADCAST_MESSAGES as M } from "./broadcasts.messages";

export const PIPELINE_STATUSES = ["new", "contacted", "qualified", "customer", "lost"] as const;
export const BODY_SOURCES = ["post", "written"] as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) => optionalField(z.enum(values, { error: M.segmentInvalid }));

/** The editor's intents: save the draft, or count its audience (the form's segment) without saving. */
export const EDITOR_INTENTS = { save: "save", count: "count" } as const;

/** The audience: every confirmed subscriber, narrowed by any of these (BroadcastSegment). */
const segmentShape = {
  segmentForm: choice(personForms.map((f) => f.value) as unknown as readonly [string, ...string[]]),
  segmentChannel: choice(SOURCE_CHANNELS),
  segmentCampaign: optionalField(singleLine().max(100, M.campaignTooLong)),
  segmentStatus: choice(PIPELINE_STATUSES),
};

export const broadcastSchema = z
  .object({
    subject: singleLine(M.subjectRequired).min(1, M.subjectRequired).max(150, M.subjectTooLong),
    preheader: optionalField(singleLine().max(150, M.preheaderTooLong)),
    source: z.enum(BODY_SOURCES, { error: M.sourceRequired }),
    postId: optionalField(singleLine().max(100, M.postRequired)),
    title: optionalField(singleLine().max(200, M.titleTooLong)),
    intro: optionalField(multiLine().max(500, M.introTooLong)),
    ...contentEditorShape,
    webVersion: checkboxField,
    ...segmentShape,
  })
  // Said with the other fields' messages (so it runs when they have some): a post's body needs the post.
  .superRefine(
    (v, ctx) => {
      if (v.source === "post" && !v.postId) ctx.addIssue({ code: "custom", path: ["postId"], message: M.postRequired });
    },
    { when: (p) => typeof p.value === "object" && p.value !== null },
  )
  // A written body needs sections; a post's body is the post's (the editor's values are then left unchecked).
  .superRefine((v, ctx) => {
    if (v.source !== "written") return;
    if (v.contentMode === "blocks" && !v.sections?.length) ctx.addIssue({ code: "custom", path: ["content"], message: M.bodyRequired });
    else contentRules({ mustBeJson: M.bodyRequired })(v, ctx);
  })
  .transform(storedContent);

export type BroadcastForm = z.output<typeof broadcastSchema>;

/** The audience's fields alone (Count checks only them, so a half-written draft can be counted). */
export const segmentSchema = z.object(segmentShape);

/** The sending controls of a saved broadcast, told apart by the submit button's `intent`. */
export const sendSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("send") }),
  z.object({
    intent: z.literal("schedule"),
    date: z.string({ error: M.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, M.dateRequired),
    time: z.string({ error: M.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeRequired),
  }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("pause") }),
  z.object({ intent: z.literal("resume") }),
]);
export type SendIntent = z.output<typeof sendSchema>["intent"];
export const SEND_INTENTS = ["test", "send", "schedule", "cancel", "pause", "resume"] as const satisfies readonly SendIntent[];
