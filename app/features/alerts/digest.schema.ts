/** The digest settings form's schema: the same one in the browser and in the action. */
import { z } from "zod";
import { canonicalTimeZone } from "~/lib/time-zone";
import { checkboxField } from "~/lib/validation";
import { DIGEST_MESSAGES as M } from "./digest.messages";

export const digestSettingsSchema = z.object({
  timeZone: z
    .string({ error: M.timeZoneRequired })
    .trim()
    .min(1, M.timeZoneRequired)
    .max(64, M.timeZoneInvalid)
    .transform((value, ctx) => {
      const zone = canonicalTimeZone(value);
      if (zone) return zone;
      ctx.addIssue({ code: "custom", message: M.timeZoneInvalid });
      return z.NEVER;
    }),
  digestHour: z
    .string({ error: M.hourRequired })
    .regex(/^\d{1,2}$/, M.hourInvalid)
    .transform(Number)
    .refine((h) => h >= 0 && h <= 23, M.hourInvalid),
  digestEnabled: checkboxField,
});

export type DigestSettingsInput = z.output<typeof digestSettingsSchema>;
