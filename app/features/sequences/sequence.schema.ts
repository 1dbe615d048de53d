/** The sequences pages' forms: the same schemas in the browser and in the actions. */
import { z } from "zod";
import { sequenceStepSchema } from "./merge";
import { MAX_STEPS, SEQUENCES_MESSAGES as M, TRIGGERS } from "./sequences.messages";

const id = z.string().min(1).max(200);

export const sequenceSaveSchema = z.object({
  intent: z.literal("save"),
  /** The version the form was opened on: a save over someone else's is refused. */
  updatedAt: z.coerce.number().int().nonnegative(),
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameTooLong),
  trigger: z.enum(TRIGGERS, { error: M.triggerRequired }),
  steps: z.array(sequenceStepSchema, { error: M.stepsRequired }).min(1, M.stepsRequired).max(MAX_STEPS, M.tooManySteps),
});
export type SequenceSave = z.infer<typeof sequenceSaveSchema>;

export const sequenceSwitchSchema = z.object({ intent: z.enum(["turn-on", "turn-off"]) });

/** Preview (GET) and test send (POST): a step, and optionally the person whose values fill it. */
export const sequencePreviewSchema = z.object({
  step: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_STEPS - 1),
  email: z.string().trim().max(320).email(M.emailInvalid).optional(),
});
export const sequenceTestSchema = sequencePreviewSchema.extend({ intent: z.literal("test") });

/** The person page's forms on one enrolment. */
export const followUpActionSchema = z.object({ intent: z.enum(["follow-up-stop", "follow-up-restart"]), enrolmentId: id });
export const FOLLOW_UP_INTENTS: readonly string[] = followUpActionSchema.shape.intent.options;
