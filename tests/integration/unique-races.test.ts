/**
 * Uniqueness the database enforces, under a race: two requests sent together
 * both pass the code's "does it exist?" check (held until both have run it,
 * see envRacingOn), then both write. The database keeps one row, and the
 * other request gets the field's normal answer (400 and the spec's message,
 * or for the public lists the usual success), never a 500 or a 503.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, envRacingOn, postForm, request } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const uid = () => crypto.randomUUID().slice(0, 8);
const CONTENT = JSON.stringify([{ type: "paragraph", text: "Hello" }]);

/** Two admin form posts at the same moment through `racing`. */
function together(racing: Env, path: string, a: Record<string, string>, b: Record<string, string>) {
  const post = (fields: Record<string, string>) =>
    request(
      path,
      {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: admin.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      },
      racing,
    );
  return Promise.all([post(a), post(b)]);
}

/** One of the two answers is the success redirect, the other a 400 page with `message`. */
async function oneSavedOneRefused([a, b]: Response[], message: string) {
  expect([a!.status, b!.status].sort()).toEqual([302, 400]);
  const refused = a!.status === 400 ? a! : b!;
  expect(await refused.text()).toContain(message);
}

describe("keywords", () => {
  it("keeps one keyword when 'Foo' and 'foo' are added at the same moment; the other is told it exists (400)", async () => {
    const u = uid();
    const racing = envRacingOn(/FROM keywords WHERE lower/);
    const answers = await together(
      racing,
      "/admin/dashboard/lead-finder",
      { intent: "add-keyword", keyword: `Foo ${u}` },
      { intent: "add-keyword", keyword: `foo ${u}` },
    );
    await oneSavedOneRefused(answers, "This keyword already exists");
    expect(await all("SELECT keyword FROM keywords WHERE lower(keyword) = ?", `foo ${u}`)).toHaveLength(1);
  });
});

/** The admin resources whose key is unique, the check's query, and the message a taken key gets. */
const RESOURCES = [
  {
    tab: "pages",
    table: "pages",
    key: "slug",
    message: "This slug is already used: choose another",
    fields: (k: string) => ({ title: `Page ${k}`, slug: k, content: CONTENT }),
  },
  {
    tab: "guides",
    table: "guides",
    key: "slug",
    message: "This slug is already used: choose another",
    fields: (k: string) => ({ title: `Guide ${k}`, slug: k, content: CONTENT, orderIndex: "1" }),
  },
  {
    tab: "content-blocks",
    table: "content_blocks",
    key: "name",
    message: "A content block with this name already exists",
    fields: (k: string) => ({ name: k, type: "banner", content: '{"text":"Hi"}' }),
  },
  {
    tab: "blogs",
    table: "blogs",
    key: "slug",
    message: "This slug is already used: choose another",
    fields: (k: string) => ({ title: `Post ${k}`, slug: k, content: CONTENT, category: "marketing" }),
  },
] as const;

describe.each(RESOURCES)("$tab", (r) => {
  it(`keeps one row when two saves take the same ${r.key} at the same moment; the other gets the field's message (400)`, async () => {
    const key = `race-${uid()}`;
    const racing = envRacingOn(new RegExp(`from "${r.table}" where "${r.table}"."${r.key}" = \\?`));
    const answers = await together(
      racing,
      `/admin/dashboard/${r.tab}/new`,
      { ...r.fields(key), intent: "save" },
      { ...r.fields(key), intent: "save" },
    );
    await oneSavedOneRefused(answers, r.message);
    expect(await all(`SELECT id FROM ${r.table} WHERE ${r.key} = ?`, key)).toHaveLength(1);
  });
});

describe.each([
  { path: "/waitlist", table: "waitlist_entries" },
  { path: "/newsletter", table: "newsletter_subscribers" },
])("$path", ({ path, table }) => {
  it("keeps one row and one set of emails when the same address joins twice at the same moment, in two cases", async () => {
    const email = `race-${uid()}@example.com`;
    const racing = envRacingOn(new RegExp(`from "${table}" where`));
    const [a, b] = await Promise.all([
      postForm(path, { email: email.toUpperCase(), redirectTo: "/" }, { testEnv: racing }),
      postForm(path, { email: ` ${email}`, redirectTo: "/" }, { testEnv: racing }),
    ]);
    // Both hear the usual success (the second joined already), neither an error.
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(await all(`SELECT email FROM ${table} WHERE lower(trim(email)) = ?`, email)).toEqual([{ email }]);
    const outbox = await all("SELECT id FROM email_outbox WHERE json_extract(payload, '$.email') = ?", email);
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.length).toBeLessThanOrEqual(2); // one join's emails (the waitlist sends two), not both joins'
  });
});
