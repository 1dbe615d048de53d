/**
 * The broadcast forms' one schema (browser and action): a post's body needs the post, a written one its sections,
 * the segment takes only the listed values, and the schedule a real date and time. Plus the one response the site
 * lets its own pages frame: a sandboxed one (the email's preview).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { broadcastSchema, sendSchema } from "~/features/broadcasts/broadcast.schema";
import { BROADCAST_MESSAGES as M } from "~/features/broadcasts/broadcasts.messages";
import { PREVIEW_POLICY } from "~/features/broadcasts/broadcast-preview.server";
import { withSecurityHeaders } from "~/lib/security-headers";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
};
const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: broadcastSchema });
const errors = (fields: Record<string, string>) => {
  const s = parse(fields);
  return s.status === "success" ? null : s.error;
};

describe("broadcast schema", () => {
  it("says every missing or wrong field at once", () => {
    expect(errors({ subject: " ", source: "post", segmentChannel: "fax", segmentCampaign: "x".repeat(101) })).toEqual({
      subject: [M.subjectRequired],
      segmentChannel: [M.segmentInvalid],
      segmentCampaign: [M.campaignTooLong],
      postId: [M.postRequired],
    });
    expect(errors({ subject: "Hi" })).toEqual({ source: [M.sourceRequired] });
  });

  it("needs the sections of a written body, and keeps them as the stored JSON", () => {
    expect(errors({ subject: "Hi", source: "written", contentMode: "blocks" })).toEqual({ content: [M.bodyRequired] });
    const ok = parse({
      subject: "Hi",
      source: "written",
      contentMode: "blocks",
      "sections[0].type": "paragraph",
      "sections[0].text": "Hello",
    });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && JSON.parse(ok.value.content!)).toEqual([{ type: "paragraph", text: "Hello" }]);
  });

  it("takes a schedule only as a date and a 24-hour time", () => {
    const schedule = (date: string, time: string) => parseWithZod(form({ intent: "schedule", date, time }), { schema: sendSchema });
    expect(schedule("2030-03-09", "09:30").status).toBe("success");
    const bad = schedule("9 March", "24:00");
    expect(bad.status === "error" && bad.error).toEqual({ date: [M.dateRequired], time: [M.timeRequired] });
  });
});

describe("the preview's framing", () => {
  const headers = (csp?: string) =>
    withSecurityHeaders(new Response("x", csp ? { headers: { "Content-Security-Policy": csp } } : {}), {
      nonce: "n",
      env: { SITE_URL: "http://localhost" },
      pathname: "/admin/broadcasts/1/email",
    }).headers;

  it("lets the site's own pages frame a sandboxed response with its own policy, and nothing else", () => {
    expect(headers(PREVIEW_POLICY).get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(headers(PREVIEW_POLICY).get("Content-Security-Policy")).toBe(PREVIEW_POLICY);
    expect(headers().get("X-Frame-Options")).toBe("DENY");
    expect(headers("default-src *; frame-ancestors *").get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});
