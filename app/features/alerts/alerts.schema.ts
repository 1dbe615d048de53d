/** The notification settings forms' schemas: the same ones in the browser and in the action. */
import { z } from "zod";
import { alertEvents, destinationKinds } from "~/db/shared";
import { ALERTS_MESSAGES as M } from "./alerts.messages";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https anywhere; http only to this machine (the action also refuses http in production). */
export function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return M.urlInvalid;
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return null;
  return url.protocol === "http:" ? M.urlNotHttps : M.urlInvalid;
}

const name = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(80, M.nameTooLong);
const events = z.array(z.enum(alertEvents, { error: M.eventsRequired }), { error: M.eventsRequired }).min(1, M.eventsRequired);
const destinationId = z.string().min(1).max(64);

export const createDestinationSchema = z.object({
  intent: z.literal("create"),
  /** Made when the page renders: the same form sent twice adds one destination. */
  key: z.string().uuid(),
  name,
  kind: z.enum(destinationKinds, { error: M.kindRequired }),
  url: z
    .string({ error: M.urlRequired })
    .trim()
    .min(1, M.urlRequired)
    .max(2000, M.urlTooLong)
    .refine((v) => urlProblem(v) === null, { error: (issue) => urlProblem(String(issue.input)) ?? M.urlInvalid }),
  events,
});

export const updateEventsSchema = z.object({ intent: z.literal("events"), destinationId, events });
export const destinationActionSchema = z.object({ intent: z.enum(["turn-on", "turn-off", "delete", "test"]), destinationId });
export const resendSchema = z.object({ intent: z.literal("resend"), deliveryId: z.string().min(1).max(200) });

export type CreateDestination = z.infer<typeof createDestinationSchema>;
