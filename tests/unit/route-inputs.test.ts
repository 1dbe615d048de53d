/** What routes read from a request and hand to a feature as typed input: the image's ETag, the Lead Finder's query and its way back. */
import { describe, expect, it } from "vitest";
import { backTo, leadFinderQuery } from "~/features/lead-finder/lead-finder.server";
import { LEADS_PAGE_SIZE } from "~/features/lead-finder/lead-finder.options";
import { requestedEtag } from "~/features/media/serve.server";

describe("requestedEtag", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ['"abc123"', "abc123"],
    ['W/"abc123"', "abc123"],
    ['"first", "second"', "first"],
    ["  bare  ", "bare"],
    ['""', undefined],
  ])("reads %j as %j", (header, etag) => {
    expect(requestedEtag(header)).toBe(etag);
  });
});

describe("leadFinderQuery", () => {
  const query = (search: string) => leadFinderQuery(new URL(`https://example.test/admin/dashboard/lead-finder${search}`));

  it("reads the keyword, the page and no confirmation", () => {
    expect(query("?keyword=k1&page=3")).toEqual({ keywordId: "k1", page: 3, confirm: null, confirmIds: [] });
  });

  it("starts on page 1 with nothing selected when the query is empty or wrong", () => {
    expect(query("")).toEqual({ keywordId: null, page: 1, confirm: null, confirmIds: [] });
    expect(query("?page=-4").page).toBe(1);
    expect(query("?page=abc").page).toBe(1);
  });

  it("keeps the ticked ids only for 'Delete selected', at most a page of them, blanks dropped", () => {
    const ids = Array.from({ length: LEADS_PAGE_SIZE + 5 }, (_, i) => `&id=s${i}`).join("");
    const selected = query(`?keyword=k1&confirm=selected&id=${ids}`);
    expect(selected.confirm).toBe("selected");
    expect(selected.confirmIds).toHaveLength(LEADS_PAGE_SIZE);
    expect(selected.confirmIds[0]).toBe("s0");
    expect(query(`?keyword=k1&confirm=all${ids}`).confirmIds).toEqual([]);
  });
});

describe("backTo", () => {
  const search = (s: string) => new URLSearchParams(s);

  it("drops the confirmation and the ticked ids, keeping the keyword and the page", () => {
    expect(backTo(search("keyword=k1&page=2&confirm=selected&id=a&id=b"))).toBe("/admin/dashboard/lead-finder?keyword=k1&page=2");
  });

  it("is the bare tab when nothing is left", () => {
    expect(backTo(search("confirm=all"))).toBe("/admin/dashboard/lead-finder");
    expect(backTo(search(""))).toBe("/admin/dashboard/lead-finder");
  });

  it("selects another keyword, or none (after the keyword was deleted)", () => {
    expect(backTo(search("keyword=k1&page=2"), "k2")).toBe("/admin/dashboard/lead-finder?keyword=k2&page=2");
    expect(backTo(search("keyword=k1&page=2&confirm=keyword:k1"), null)).toBe("/admin/dashboard/lead-finder?page=2");
  });

  it("leaves the page's own query untouched", () => {
    const own = search("keyword=k1&confirm=all");
    backTo(own, null);
    expect(own.toString()).toBe("keyword=k1&confirm=all");
  });
});
