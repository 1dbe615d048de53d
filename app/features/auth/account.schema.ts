/** The account, password and team forms' schemas: the same ones in the browser and in the actions. */
import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, RESET_MESSAGES, TEAM_MESSAGES } from "./account.messages";

const M = ACCOUNT_MESSAGES;

/** A new password: 12 to 1024 characters (the server also refuses common ones). */
const newPassword = z.string({ error: M.passwordRequired }).min(PASSWORD_MIN_LENGTH, M.passwordTooShort).max(1024, M.passwordTooLong);
const confirmPassword = z.string({ error: M.confirmRequired }).min(1, M.confirmRequired).max(1024, M.confirmMismatch);
const currentPassword = z.string({ error: M.currentPasswordRequired }).min(1, M.currentPasswordRequired).max(1024);
const code = z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).max(64, M.codeInvalid);

const sameConfirm = (v: { password?: string; newPassword?: string; confirmPassword: string }) =>
  v.confirmPassword === (v.newPassword ?? v.password);
const confirmIssue = { message: M.confirmMismatch, path: ["confirmPassword"] };

export const changePasswordSchema = z
  .object({ intent: z.literal("change-password"), currentPassword, newPassword, confirmPassword })
  .refine(sameConfirm, confirmIssue);

/** Choosing a password on a reset or invitation link. */
export const choosePasswordSchema = z.object({ password: newPassword, confirmPassword }).refine(sameConfirm, confirmIssue);

export const endSessionSchema = z.object({ intent: z.literal("end-session"), sessionId: z.string().regex(/^[0-9a-f]{64}$/) });
export const endOtherSessionsSchema = z.object({ intent: z.literal("end-other-sessions") });

export const twoFactorCodeSchema = z.object({ code });
export const disableTwoFactorSchema = z.object({ intent: z.literal("disable-2fa"), password: currentPassword, code });
export const newRecoveryCodesSchema = z.object({ intent: z.literal("new-recovery-codes"), password: currentPassword, code });

export const forgotPasswordSchema = z.object({
  email: requiredEmail({ required: RESET_MESSAGES.emailRequired, invalid: RESET_MESSAGES.emailInvalid }),
});

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: requiredEmail({ required: TEAM_MESSAGES.emailRequired, invalid: TEAM_MESSAGES.emailInvalid }),
});
export const revokeInvitationSchema = z.object({ intent: z.literal("revoke"), invitationId: z.string().min(1).max(64) });
