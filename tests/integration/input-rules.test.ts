/** The shared text and phone rules, through real form posts. */
import { describe, expect, it } from "vitest";
import { all, postForm } from "./helpers";

const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("input rules through the forms", () => {
  it("stores a contact name on one line without control characters, and the message with its lines", async () => {
    const email = unique("rules");
    const res = await postForm("/contact", {
      name: "Ada\u0000 Love\nlace",
      email,
      company: "Acme\r\nLtd\u0007",
      message: "First line of the message\r\nSecond\u0000 line",
      redirectTo: "/contact",
    });
    expect(res.status).toBe(302);
    expect(await all("SELECT name, company, message FROM contact_messages WHERE email = ?", email)).toEqual([
      { name: "Ada Love lace", company: "Acme Ltd", message: "First line of the message\nSecond line" },
    ]);
  });

  it("refuses a 26-digit phone on the playbook landing form with the form's message, and stores nothing", async () => {
    const email = unique("phone");
    const res = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", {
      firstName: "Ada",
      email,
      appUrl: "https://apps.shopify.com/bundles",
      phone: "1".repeat(26),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a valid phone number");
    expect(await all("SELECT id FROM lead_magnet_submissions WHERE email = ?", email)).toEqual([]);
  });
});
