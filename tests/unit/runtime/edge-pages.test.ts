/**
 * The edge cache's pure parts: which requests the cache may answer, the key a page is kept under, and one
 * visitor's copy of a stored page (HTMLRewriter, as the Worker runs it).
 */
import { describe, expect, it } from "vitest";
import { edgeBypass, edgeKey, personalise, renderUrl } from "~/lib/edge-pages.server";

const PLACEHOLDERS = { nonce: "PHnonce0000000000000000", stamp: "0000000000000.PHstampPHstampPHstamp00.PH" };
const VISITOR = { nonce: "visitorNonce123", stamp: "1790000000000.abc.def" };

const get = (path: string, cookie?: string) =>
  new Request(`https://founderleads.test${path}`, cookie ? { headers: { Cookie: cookie } } : undefined);

describe("edgeBypass", () => {
  it("lets the cache answer an anonymous GET of a declared page", () => {
    expect(edgeBypass(get("/blog"), {})).toBeUndefined();
    expect(edgeBypass(get("/blog", "__cf_bm=x; theme=dark"), {})).toBeUndefined();
  });

  it("answers from the Worker a POST, an undeclared route, and an Authorization header", () => {
    expect(edgeBypass(new Request("https://founderleads.test/contact", { method: "POST" }), {})).toBe("method");
    expect(edgeBypass(new Request("https://founderleads.test/blog", { method: "HEAD" }), {})).toBe("method");
    expect(edgeBypass(get("/admin"), undefined)).toBe("route");
    expect(edgeBypass(new Request("https://founderleads.test/blog", { headers: { Authorization: "Bearer x" } }), {})).toBe("authorization");
  });

  it("answers from the Worker when a cookie makes every page personal", () => {
    for (const name of ["__toast", "__admin_session", "__admin_2fa", "__d1_bookmark", "__onboarding"]) {
      expect(edgeBypass(get("/blog", `a=1; ${name}=signed.value`), {})).toBe(`cookie ${name}`);
    }
  });

  it("ignores the visitor's remembered email except on the pages that read it", () => {
    expect(edgeBypass(get("/blog", "__visitor=x"), {})).toBeUndefined();
    expect(edgeBypass(get("/call-booking", "__visitor=x"), { bypassCookies: ["visitor"] })).toBe("cookie __visitor");
  });
});

describe("edgeKey", () => {
  const blog = { params: ["category", "page"] } as const;
  const key = (path: string, declaration: { params?: readonly string[] } = blog, build = "b1") =>
    edgeKey(new URL(`https://founderleads.test${path}`), declaration, build);

  it("drops campaign tags and every parameter the page does not use", () => {
    expect(key("/blog?utm_source=a&utm_medium=b&fbclid=c&gclid=d&ref=e&x=1")).toBe(key("/blog"));
    expect(key("/contact?foo=1", {})).toBe(key("/contact", {}));
  });

  it("keeps the parameters the page uses, in one order, and the build", () => {
    expect(key("/blog?page=2&category=growth")).toBe(key("/blog?category=growth&page=2"));
    expect(key("/blog?category=growth")).not.toBe(key("/blog"));
    expect(key("/blog", blog, "b2")).not.toBe(key("/blog", blog, "b1"));
    expect(key("/playbook/final-guide?welcome=", { params: ["welcome"] })).toBe(
      "https://founderleads.test/playbook/final-guide?welcome=&_v=b1",
    );
  });

  it("keeps which loaders a data request asks for", () => {
    expect(key("/blog.data?_routes=routes%2Fblog._index&utm_source=x")).toBe(
      "https://founderleads.test/blog.data?_routes=routes%2Fblog._index&_v=b1",
    );
  });

  it("renders a miss at the key without the build", () => {
    expect(renderUrl(key("/blog?page=2&utm_source=x"))).toBe("https://founderleads.test/blog?page=2");
    expect(renderUrl(key("/contact", {}))).toBe("https://founderleads.test/contact");
  });
});

describe("personalise", () => {
  const html = (body: string) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("gives each script the visitor's nonce and each form the visitor's stamp", async () => {
    const stored = html(
      `<script nonce="${PLACEHOLDERS.nonce}">window.__ctx = {"stamp":"${PLACEHOLDERS.stamp}"}</script>` +
        `<form><input type="hidden" name="_stamp" value="${PLACEHOLDERS.stamp}"></form>` +
        `<script type="module" nonce="${PLACEHOLDERS.nonce}" src="/assets/entry.js"></script>`,
    );
    const page = await personalise(stored, PLACEHOLDERS, VISITOR).text();
    expect(page).toBe(
      `<script nonce="${VISITOR.nonce}">window.__ctx = {"stamp":"${VISITOR.stamp}"}</script>` +
        `<form><input type="hidden" name="_stamp" value="${VISITOR.stamp}"></form>` +
        `<script type="module" nonce="${VISITOR.nonce}" src="/assets/entry.js"></script>`,
    );
  });

  it("gives each form's \"came from\" field the visitor's own value, escaped, and nothing else", async () => {
    const placeholders = { ...PLACEHOLDERS, cameFrom: "edge:came-from" };
    const stored = html(
      `<input type="hidden" name="_came_from" value="edge:came-from"><input type="hidden" name="_came_from" value="other">` +
        `<p>edge:came-from</p>`,
    );
    const page = await personalise(stored, placeholders, { ...VISITOR, cameFrom: '/a?b=1&c="><script>' }).text();
    expect(page).toBe(
      `<input type="hidden" name="_came_from" value="/a?b=1&amp;c=&quot;><script>"><input type="hidden" name="_came_from" value="other">` +
        `<p>edge:came-from</p>`,
    );
  });

  it("leaves text that merely holds a placeholder as it is", async () => {
    const stored = html(`<p>${PLACEHOLDERS.nonce} ${PLACEHOLDERS.stamp}</p><script nonce="other">"${PLACEHOLDERS.stamp}"</script>`);
    expect(await personalise(stored, PLACEHOLDERS, VISITOR).text()).toBe(
      `<p>${PLACEHOLDERS.nonce} ${PLACEHOLDERS.stamp}</p><script nonce="other">"${PLACEHOLDERS.stamp}"</script>`,
    );
  });

  it("replaces the stamp in a data request's body, also across chunks", async () => {
    const text = `[{"formGuard":{"stamp":"${PLACEHOLDERS.stamp}"}},"${PLACEHOLDERS.stamp}"]`;
    const cut = text.indexOf(PLACEHOLDERS.stamp) + 5;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, cut)));
        controller.enqueue(new TextEncoder().encode(text.slice(cut)));
        controller.close();
      },
    });
    const stored = new Response(body, { headers: { "Content-Type": "text/x-script" } });
    expect(await personalise(stored, PLACEHOLDERS, VISITOR).text()).toBe(text.replaceAll(PLACEHOLDERS.stamp, VISITOR.stamp));
  });
});
