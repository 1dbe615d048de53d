import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";

const payload = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().optional(),
  message: z.string(),
});

export const contactNoticeEmail = defineEmailTemplate({
  kind: "contact-notice",
  schema: payload,
  subject: (p) => `New contact message from ${p.name}`,
  preview: (p) => p.message.slice(0, 90),
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>New contact message</h1>
      <p>
        <strong>{p.name}</strong> &lt;{p.email}&gt;{p.company ? ` · ${p.company}` : ""}
      </p>
      <p style={{ whiteSpace: "pre-wrap", background: "#f8fafc", padding: 16, borderRadius: 8 }}>{p.message}</p>
      <p>
        <a href={`mailto:${p.email}`}>Reply to {p.name}</a>
      </p>
    </>
  ),
  text: (p) => [`New contact message`, ``, `From: ${p.name} <${p.email}>${p.company ? ` (${p.company})` : ""}`, ``, p.message].join("\n"),
});
