import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";
import { categoryLabel } from "./qa.options";

export const qaAlertEmail = defineEmailTemplate({
  kind: "qa-alert",
  schema: z.object({
    title: z.string(),
    question: z.string(),
    category: z.string(),
    submitterName: z.string().nullable(),
    submitterEmail: z.string().nullable(),
    submissionId: z.string(),
  }),
  subject: (p) => `New question: ${p.title}`,
  preview: (p) => p.question.slice(0, 90),
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>New question waiting for an answer</h1>
      <p>
        <strong>{p.title}</strong> · {categoryLabel(p.category)}
      </p>
      <p style={{ whiteSpace: "pre-wrap", background: "#f8fafc", padding: 16, borderRadius: 8 }}>{p.question}</p>
      <p>
        From: {p.submitterName ?? "anonymous"}
        {p.submitterEmail ? ` <${p.submitterEmail}>` : ""}
      </p>
      <p>
        <a href={`${ctx.siteUrl}/admin/dashboard/qa`}>Review it in the dashboard</a>
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      `New question: ${p.title} (${categoryLabel(p.category)})`,
      "",
      p.question,
      "",
      `From: ${p.submitterName ?? "anonymous"}${p.submitterEmail ? ` <${p.submitterEmail}>` : ""}`,
      `Review it: ${ctx.siteUrl}/admin/dashboard/qa`,
    ].join("\n"),
});
