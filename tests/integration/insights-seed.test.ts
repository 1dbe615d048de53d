/**
 * The demo seed's Insights (ADR 0023): the demo people and a month of rollups with their day totals, as `npm run
 * seed` writes them, show submissions and conversion on the pages the demo forms were sent from.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedPeople } from "../../scripts/seed-people.mjs";
import { seedInsights } from "../../scripts/seed-insights.mjs";
import { get, signedInAdmin } from "./admin-helpers";

const q = (value: unknown) => (value === null || value === undefined ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

let cookie = "";
beforeAll(async () => {
  ({ cookie } = await signedInAdmin());
  const now = Date.now();
  // A seed string may hold two statements, one a line.
  const statements = [...seedPeople(q, "admin@localhost.test", now), ...seedInsights(q, now)].flatMap((s: string) =>
    s.split(";\n").map((part: string) => part.trim()),
  );
  await env.DB.batch(statements.filter(Boolean).map((sql) => env.DB.prepare(sql)));
});

/** The cells of the Top pages row of `path`, as text. */
function topPage(html: string, path: string): string[] {
  const table = html.split('<caption class="sr-only">Top pages</caption>')[1]!.split("</table>")[0]!;
  const row = table.split("<tr>").find((r) => r.includes(`>${path}<`)) ?? "";
  return row
    .split(/<\/t[hd]>/)
    .slice(0, -1)
    .map((cell) =>
      cell
        .replace(/<span aria-hidden="true" class="ui-cell-label">.*?<\/span>/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/<!-- -->/g, "")
        .trim(),
    );
}

describe("the seeded Insights", () => {
  it("counts the demo submissions on the pages their forms were sent from", async () => {
    const html = await (await get("/admin/insights?days=30", cookie)).text();
    // Within 30 days: three onboardings, one contact message, the popup twice and the newsletter once on the blog, the
    // waitlist on the home page. The fourth cell is the submissions.
    expect(topPage(html, "/onboarding")[3]).toBe("3");
    expect(topPage(html, "/contact")[3]).toBe("1");
    expect(topPage(html, "/blog")[3]).toBe("3");
    expect(topPage(html, "/")[3]).toBe("1");
  });
});
