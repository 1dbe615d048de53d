/**
 * The person page's forms: one zod schema each, used by conform in the
 * browser and, as one union on `intent`, by the action on the server.
 */
import { z } from "zod";
import { personStatuses } from "~/db/schema";
import { multiLine, singleLine } from "~/lib/validation";
import { PEOPLE_MESSAGES as M } from "./people.messages";
import { LOST_REASON_MAX, NOTE_MAX } from "./people.options";

export const statusSchema = z
  .object({
    intent: z.literal("status"),
    status: z.enum(personStatuses, { error: M.statusRequired }),
    lostReason: singleLine().max(LOST_REASON_MAX, M.lostReasonTooLong).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "lost" && !v.lostReason) ctx.addIssue({ code: "custom", path: ["lostReason"], message: M.lostReasonRequired });
  });

export const ownerSchema = z.object({
  intent: z.literal("owner"),
  /** An admin's id; empty for nobody. Whether it is an admin is checked on the server. */
  ownerId: z.string().max(100, M.ownerInvalid).optional(),
});

/** `YYYY-MM-DDTHH:MM` (a datetime-local input), read as UTC like every admin time; empty clears it. */
const DUE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const dueSchema = z.object({
  intent: z.literal("due"),
  dueAt: z
    .string()
    .trim()
    .refine((v) => DUE_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}:00Z`)), M.dueInvalid)
    .optional(),
});

const noteBody = multiLine(M.noteRequired).min(1, M.noteRequired).max(NOTE_MAX, M.noteTooLong);

export const noteAddSchema = z.object({ intent: z.literal("note-add"), body: noteBody, noteKey: z.uuid().optional() });
export const noteEditSchema = z.object({ intent: z.literal("note-edit"), noteId: z.string().min(1), body: noteBody });
export const noteDeleteSchema = z.object({ intent: z.literal("note-delete"), noteId: z.string().min(1) });

/** An admin's mark on a call after it: held or no-show (ADR 0024). */
export const meetingOutcomeSchema = z.object({
  intent: z.literal("meeting"),
  meetingId: z.string().min(1).max(100),
  outcome: z.enum(["held", "no-show"], { error: M.meetingOutcomeRequired }),
});

export const personActionSchema = z.discriminatedUnion("intent", [
  statusSchema,
  ownerSchema,
  dueSchema,
  noteAddSchema,
  noteEditSchema,
  noteDeleteSchema,
  meetingOutcomeSchema,
]);
export type PersonAction = z.infer<typeof personActionSchema>;
export type PersonIntent = PersonAction["intent"];

/** The due date a datetime-local value means (UTC), or null for empty. */
export const dueFromInput = (value: string | undefined): Date | null => (value ? new Date(`${value}:00Z`) : null);
/** A due date as a datetime-local value (UTC). */
export const dueToInput = (value: number | null): string => (value === null ? "" : new Date(value).toISOString().slice(0, 16));
