/** The emails of the admin's account: the password-reset link, the invitation and the two-factor lock notice. */
import { z } from "zod";
import { formatDateTime } from "~/lib/format";
import { defineEmailTemplate } from "~/email/template";
import { INVITATION_PATH, RESET_PATH } from "./paths";
import { relinkAccountToken } from "./tokens.server";

const linkPayload = z.object({ link: z.string().url() });

export const passwordResetEmail = defineEmailTemplate({
  kind: "admin-password-reset",
  schema: linkPayload,
  secretFields: ["link"],
  relink: async (env, recipient) => {
    const link = await relinkAccountToken(env, "password-reset", recipient, RESET_PATH);
    return link ? { link } : null;
  },
  subject: () => "Reset your Founder Leads admin password",
  preview: () => "A link to choose a new password. It works once, for one hour.",
  html: (p) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Reset your password</h1>
      <p>Someone (we hope you) asked to reset the password of your Founder Leads admin account.</p>
      <p>
        <a href={p.link}>Choose a new password</a>
      </p>
      <p>The link works once, for one hour. Every session of your account ends when you use it. If you did not ask, ignore this email.</p>
    </>
  ),
  text: (p) =>
    [
      "Reset your password",
      "",
      "Someone (we hope you) asked to reset the password of your Founder Leads admin account.",
      "",
      `Choose a new password: ${p.link}`,
      "",
      "The link works once, for one hour. Every session of your account ends when you use it. If you did not ask, ignore this email.",
    ].join("\n"),
});

export const invitationEmail = defineEmailTemplate({
  kind: "admin-invitation",
  schema: linkPayload.extend({ invitedBy: z.string() }),
  secretFields: ["link"],
  relink: async (env, recipient) => {
    const link = await relinkAccountToken(env, "invitation", recipient, INVITATION_PATH);
    return link ? { link } : null;
  },
  subject: () => "You are invited to the Founder Leads admin",
  preview: (p) => `${p.invitedBy} invited you. The link works once, for 72 hours.`,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>You are invited</h1>
      <p>{p.invitedBy} invited you to the Founder Leads admin dashboard.</p>
      <p>
        <a href={p.link}>Accept the invitation and choose a password</a>
      </p>
      <p>The link works once, for 72 hours. If you did not expect it, ignore this email.</p>
    </>
  ),
  text: (p) =>
    [
      "You are invited",
      "",
      `${p.invitedBy} invited you to the Founder Leads admin dashboard.`,
      "",
      `Accept the invitation and choose a password: ${p.link}`,
      "",
      "The link works once, for 72 hours. If you did not expect it, ignore this email.",
    ].join("\n"),
});

/** Told at once when wrong two-factor codes lock an admin's second step: their password was used. */
export const twoFactorLockEmail = defineEmailTemplate({
  kind: "admin-2fa-lock",
  schema: z.object({ failures: z.number().int(), until: z.number(), address: z.string().nullable() }),
  subject: () => "Your Founder Leads password was used, but the two-factor code was wrong",
  preview: (p) => `The two-factor code was wrong ${p.failures} times. Two-factor sign-in is paused until ${formatDateTime(p.until)}.`,
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Your password was used, but the two-factor code was wrong</h1>
      <p>
        Someone signed in to your Founder Leads admin account with your password, but the two-factor code was wrong {p.failures} times
        {p.address ? ` (the last try came from ${p.address})` : ""}.
      </p>
      <p>Two-factor sign-in for your account is paused until {formatDateTime(p.until)}, from every address.</p>
      <p>
        If this was not you, someone knows your password: <a href={`${ctx.siteUrl}/admin/forgot-password`}>choose a new one now</a>. A new
        password ends every session of your account.
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      "Your password was used, but the two-factor code was wrong",
      "",
      `Someone signed in to your Founder Leads admin account with your password, but the two-factor code was wrong ${p.failures} times${p.address ? ` (the last try came from ${p.address})` : ""}.`,
      "",
      `Two-factor sign-in for your account is paused until ${formatDateTime(p.until)}, from every address.`,
      "",
      `If this was not you, someone knows your password: choose a new one now: ${ctx.siteUrl}/admin/forgot-password`,
      "A new password ends every session of your account.",
    ].join("\n"),
});
