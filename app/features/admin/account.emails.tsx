/** The emails of the admin's account: the password-reset link and the invitation. */
import { z } from "zod";
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
