import { describe, expect, it } from "vitest";
import { signedInAdmin } from "./admin-helpers";
import { envWithFailingBatch, request } from "./helpers";

describe("a dashboard tab that fails", () => {
  it("shows its message inside the dashboard, with the navigation still there", async () => {
    const admin = await signedInAdmin();
    // The outbox tab reads its page and count in one batch(): with batches failing, its loader throws.
    const res = await request("/admin/dashboard/outbox", { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("This tab could not be loaded");
    expect(html).toContain('aria-label="Dashboard sections"');
    for (const tab of ["Guides", "Lead Finder", "Email outbox"]) expect(html).toContain(`>${tab}</a>`);
    expect(html).toContain(admin.email);
  });

  it("answers an unknown record inside the dashboard too", async () => {
    const admin = await signedInAdmin();
    const res = await request("/admin/dashboard/no-such-tab", { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This page does not exist");
    expect(html).toContain('aria-label="Dashboard sections"');
  });
});
