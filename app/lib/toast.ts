import { z } from "zod";

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
