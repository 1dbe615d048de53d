import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { LOGIN_MESSAGES } from "./auth.messages";

export const loginSchema = z.object({
  email: requiredEmail({ required: LOGIN_MESSAGES.emailRequired, invalid: LOGIN_MESSAGES.emailInvalid }),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(1024),
});
