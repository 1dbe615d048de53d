/**
 * The media library through the Worker, signed in as an admin, with the real
 * local D1 and R2: uploads told apart by their bytes (with their size), every
 * refusal with its message and nothing stored, hash keys that deduplicate,
 * the `/media` headers, "in use" and the stronger delete confirmation, the
 * edit of alt text, and the JSON upload endpoint the editor's script calls.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_DELETE_MESSAGE } from "~/lib/admin-resource/types";
import { MEDIA_MESSAGES } from "~/features/media/media.messages";
import { listMediaForPicker, mediaSizes, mediaUsage } from "~/features/media/media.server";
import { AVIF, GIF, HTML, JPEG, oversized, PNG, PNG_1X1, SVG, WEBP_VP8L, WEBP_VP8X } from "../fixtures/images";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, freshIp, request } from "./helpers";

let admin: { cookie: string; email: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const FIVE_MB = 5 * 1024 * 1024;
type MediaRecord = {
  key: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  alt: string;
  name: string;
  uploaded_by: string;
};

/** A multipart POST through the Worker (the browser's form or the editor's XHR). */
function postMultipart(path: string, fields: Record<string, string | File>, { cookie = admin.cookie, origin = SAME_ORIGIN.Origin } = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers: Record<string, string> = { Origin: origin, "CF-Connecting-IP": freshIp() };
  if (cookie) headers.Cookie = cookie;
  return request(path, { method: "POST", body, headers, redirect: "manual" });
}

/** Each test's own bytes: the fixture with a few bytes after it (decoders ignore them), so keys never collide across tests. */
function unique(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length + 16);
  out.set(bytes);
  out.set(crypto.getRandomValues(new Uint8Array(16)), bytes.length);
  return out;
}
const file = (bytes: Uint8Array, name: string, type = "") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

async function keyOf(bytes: Uint8Array<ArrayBuffer>, ext: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}.${ext}`;
}

const upload = (f: File, alt = "A red square") => postMultipart("/admin/dashboard/media/new", { file: f, alt, intent: "save" });
const rowOf = async (key: string) => (await all<MediaRecord>("SELECT * FROM media WHERE key = ?", key))[0];
const storedCounts = async () => ({
  rows: (await all<{ n: number }>("SELECT count(*) AS n FROM media"))[0]!.n,
  objects: (await env.MEDIA.list()).objects.length,
});
/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function toastAfter(res: Response): Promise<string> {
  expect(res.status).toBe(302);
  return (await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`)).text();
}

/** Uploads through the Media tab and answers the stored row. */
async function uploaded(bytes: Uint8Array<ArrayBuffer>, ext: string, name = `photo.${ext}`, alt = "A red square") {
  const res = await upload(file(bytes, name), alt);
  expect(res.status).toBe(302);
  const row = await rowOf(await keyOf(bytes, ext));
  expect(row).toBeDefined();
  return row!;
}

describe("upload through the Media tab", () => {
  it.each([
    ["PNG", PNG, "png", "image/png"],
    ["JPEG", JPEG, "jpg", "image/jpeg"],
    ["GIF", GIF, "gif", "image/gif"],
    ["WebP (VP8L)", WEBP_VP8L, "webp", "image/webp"],
    ["WebP (VP8X)", WEBP_VP8X, "webp", "image/webp"],
    ["AVIF", AVIF, "avif", "image/avif"],
  ] as const)("stores a %s by its bytes, whatever its name, with its width and height", async (_label, fixture, ext, mime) => {
    const bytes = unique(fixture);
    // Named and declared as something else: only the bytes count.
    const res = await upload(file(bytes, "holiday.bin", "application/octet-stream"), "  A red square  ");
    expect(await toastAfter(res)).toContain(MEDIA_MESSAGES.uploaded);
    const key = await keyOf(bytes, ext);
    expect(await rowOf(key)).toMatchObject({
      key,
      content_type: mime,
      size: bytes.length,
      width: 3,
      height: 2,
      alt: "A red square",
      name: "holiday.bin",
      uploaded_by: admin.email,
    });
    const object = await env.MEDIA.get(key);
    expect(object?.httpMetadata?.contentType).toBe(mime);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
  });

  it("stores the same bytes once: one row, one object, the first upload's details kept", async () => {
    const bytes = unique(PNG_1X1);
    const key = await keyOf(bytes, "png");
    await uploaded(bytes, "png", "first.png", "First alt");
    const again = await upload(file(bytes, "second.png"), "Second alt");
    expect(again.status).toBe(302);
    expect(await all("SELECT key FROM media WHERE key = ?", key)).toHaveLength(1);
    expect((await env.MEDIA.list({ prefix: key.slice(0, 64) })).objects.map((o) => o.key)).toEqual([key]);
    expect(await rowOf(key)).toMatchObject({ name: "first.png", alt: "First alt", width: 1, height: 1 });
  });

  const bigPng = () => file(oversized(FIVE_MB + 1), "big.png", "image/png");
  it.each([
    ["an SVG", () => file(SVG, "logo.svg", "image/svg+xml"), "A logo", MEDIA_MESSAGES.svgRefused],
    ["an SVG named .png", () => file(SVG, "logo.png", "image/png"), "A logo", MEDIA_MESSAGES.svgRefused],
    ["HTML named x.png, declared image/png", () => file(HTML, "x.png", "image/png"), "A trap", MEDIA_MESSAGES.notAnImage],
    ["an empty file", () => file(new Uint8Array(0), "empty.png", "image/png"), "Nothing", MEDIA_MESSAGES.empty],
    ["5 MB + 1 byte", bigPng, "Too big", MEDIA_MESSAGES.tooLarge],
    ["a PNG signature without a size", () => file(PNG.slice(0, 12), "cut.png"), "Cut", MEDIA_MESSAGES.noSize],
    ["an image without alt text", () => file(unique(PNG), "fine.png"), "", MEDIA_MESSAGES.altRequired],
  ])("refuses %s with its message under the field, keeps the alt text, stores nothing", async (_label, make, alt, message) => {
    const before = await storedCounts();
    const res = await upload(make(), alt);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(message));
    if (alt) expect(page).toContain(`value="${alt}"`);
    expect(await storedCounts()).toEqual(before);
  });

  it("asks for a file when none is chosen", async () => {
    const before = await storedCounts();
    const res = await postMultipart("/admin/dashboard/media/new", { alt: "No file", intent: "save" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(html(MEDIA_MESSAGES.fileRequired));
    expect(await storedCounts()).toEqual(before);
  });

  it("answers a body over the tab's limit with 413, unread", async () => {
    const before = await storedCounts();
    const res = await upload(file(oversized(7 * 1024 * 1024), "huge.png"));
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("That is more than a record may hold (6 MB).");
    expect(await storedCounts()).toEqual(before);
  });

  it("renders the upload form as multipart with a file input limited to the five types", async () => {
    const page = await (await get("/admin/dashboard/media/new", admin.cookie)).text();
    expect(page).toMatch(/enctype="multipart\/form-data"/i); // React writes the attribute as encType
    expect(page).toMatch(/<input[^>]*type="file"[^>]*accept="image\/jpeg,image\/png,image\/webp,image\/avif,image\/gif"/);
    expect(page).not.toContain('name="name"'); // the name is edited later, not at upload
  });

  it("edits the alt text and the name, with the stale-save check", async () => {
    const row = await uploaded(unique(GIF), "gif");
    const { updated_at } = (await all<{ updated_at: number }>("SELECT updated_at FROM media WHERE key = ?", row.key))[0]!;
    const edit = await (await get(`/admin/dashboard/media/${row.key}`, admin.cookie)).text();
    expect(edit).toContain('name="name"');
    expect(edit).not.toContain('type="file"');
    const saved = await postMultipart(`/admin/dashboard/media/${row.key}`, {
      alt: "A tiny GIF",
      name: "tiny.gif",
      intent: "save",
      _updatedAt: String(updated_at),
    });
    expect(await toastAfter(saved)).toContain(MEDIA_MESSAGES.updated);
    expect(await rowOf(row.key)).toMatchObject({ alt: "A tiny GIF", name: "tiny.gif" });
    const stale = await postMultipart(`/admin/dashboard/media/${row.key}`, {
      alt: "Late",
      intent: "save",
      _updatedAt: String(updated_at),
    });
    expect(stale.status).toBe(409);
    expect((await rowOf(row.key))!.alt).toBe("A tiny GIF");
  });
});

describe("/media/{key}", () => {
  it("serves the image with its stored type, nosniff, a year immutable, a policy that runs nothing, inline", async () => {
    const bytes = unique(WEBP_VP8X);
    const { key } = await uploaded(bytes, "webp");
    const res = await request(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("Content-Disposition")).toBe("inline");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    const etag = res.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await request(`/media/${key}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("is an address pages cannot take", async () => {
    const res = await postMultipart("/admin/dashboard/pages/new", { title: "Media", slug: "media", content: "[]", intent: "save" });
    expect(res.status).toBe(400);
    expect(await all("SELECT id FROM pages WHERE slug = 'media'")).toEqual([]);
  });

  it("answers 404, never HTML, for keys the upload does not make or that are not stored", async () => {
    const absent = `${"0".repeat(64)}.png`;
    for (const path of [
      `/media/${absent}`,
      "/media/x.png",
      `/media/${"a".repeat(64)}.svg`,
      `/media/${"A".repeat(64)}.png`,
      "/media/..%2Fsecret",
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type") ?? "", path).not.toContain("text/html");
    }
  });
});

describe("in use", () => {
  it("says where an image is used, and asks for the stronger confirmation naming the page before deleting it", async () => {
    const { key } = await uploaded(unique(PNG), "png", "hero.png");
    const pageId = crypto.randomUUID();
    const title = `Landing ${pageId.slice(0, 6)}`;
    await make.page.create(env.DB, {
      id: pageId,
      slug: `landing-${pageId.slice(0, 6)}`,
      title,
      content: JSON.stringify([{ type: "image", src: `/media/${key}`, alt: "Hero" }]),
      isPublished: true,
    });
    const { id: blogId } = await make.blog.create(env.DB, {
      title: "A post",
      content: [],
      category: "other",
      featuredImage: `https://founderleads.example.com/media/${key}`,
    });

    const usage = (await mediaUsage(env, [key])).get(key)!;
    expect(usage).toEqual(
      expect.arrayContaining([
        { kind: "page", id: pageId, title, href: `/admin/dashboard/pages/${pageId}` },
        { kind: "blog", id: blogId, title: "A post", href: `/admin/dashboard/blogs/${blogId}` },
      ]),
    );

    const list = await (await get(`/admin/dashboard/media?q=hero.png`, admin.cookie)).text();
    expect(list).toContain(`href="/admin/dashboard/pages/${pageId}"`);
    expect(list).toContain(html(`Page “${title}”`));
    expect(list).toMatch(new RegExp(`<img[^>]*src="/media/${key}"[^>]*width="3"[^>]*height="2"[^>]*loading="lazy"`));

    const confirm = await (await get(`/admin/dashboard/media/${key}/delete`, admin.cookie)).text();
    expect(confirm).toContain(html(`It is shown on`));
    expect(confirm).toContain(html(`Page “${title}”`));
    const refused = await postMultipart(`/admin/dashboard/media/${key}/delete`, { intent: "delete" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(CONFIRM_DELETE_MESSAGE);
    expect(await rowOf(key)).toBeDefined();
    expect(await env.MEDIA.head(key)).not.toBeNull();

    const deleted = await postMultipart(`/admin/dashboard/media/${key}/delete`, { intent: "delete", confirm: "yes" });
    expect(await toastAfter(deleted)).toContain(MEDIA_MESSAGES.deleted);
    expect(await rowOf(key)).toBeUndefined();
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("deletes an unused image plainly, row and object", async () => {
    const { key } = await uploaded(unique(JPEG), "jpg", "unused.jpg");
    const list = await (await get(`/admin/dashboard/media?q=unused.jpg`, admin.cookie)).text();
    expect(list).toContain("Not used");
    const confirm = await (await get(`/admin/dashboard/media/${key}/delete`, admin.cookie)).text();
    expect(confirm).not.toContain("It is shown on");
    const deleted = await postMultipart(`/admin/dashboard/media/${key}/delete`, { intent: "delete" });
    expect(await toastAfter(deleted)).toContain(MEDIA_MESSAGES.deleted);
    expect(await rowOf(key)).toBeUndefined();
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});

describe("reads for renderers and the picker", () => {
  it("gives sizes by key and the newest images first", async () => {
    const a = await uploaded(unique(PNG), "png", "a.png", "Alt A");
    const b = await uploaded(unique(AVIF), "avif", "b.avif", "Alt B");
    // Two uploads can fall in the same millisecond: make `a` clearly the older one.
    await env.DB.prepare("UPDATE media SET created_at = created_at - 60000 WHERE key = ?").bind(a.key).run();
    const sizes = await mediaSizes(env, [a.key, b.key, `${"f".repeat(64)}.png`]);
    expect(Object.fromEntries(sizes)).toEqual({ [a.key]: { width: 3, height: 2 }, [b.key]: { width: 3, height: 2 } });
    const picker = await listMediaForPicker(env, 500);
    const keys = picker.map((m) => m.key);
    expect(keys.indexOf(b.key)).toBeLessThan(keys.indexOf(a.key));
    expect(picker.find((m) => m.key === b.key)).toEqual({
      key: b.key,
      src: `/media/${b.key}`,
      alt: "Alt B",
      width: 3,
      height: 2,
      name: "b.avif",
    });
  });
});

describe("POST /admin/media/upload (the editor's script)", () => {
  it("answers the stored image as JSON", async () => {
    const bytes = unique(WEBP_VP8L);
    const res = await postMultipart("/admin/media/upload", { file: file(bytes, "cover.webp"), alt: "The cover" });
    expect(res.status).toBe(200);
    const key = await keyOf(bytes, "webp");
    expect(await res.json()).toEqual({ key, src: `/media/${key}`, width: 3, height: 2, alt: "The cover", name: "cover.webp" });
    expect(await rowOf(key)).toMatchObject({ uploaded_by: admin.email });
    expect(await env.MEDIA.head(key)).not.toBeNull();
  });

  it("answers a refusal as JSON with 400 and stores nothing", async () => {
    const before = await storedCounts();
    const svg = await postMultipart("/admin/media/upload", { file: file(SVG, "x.png", "image/png"), alt: "x" });
    expect(svg.status).toBe(400);
    expect(await svg.json()).toEqual({ error: MEDIA_MESSAGES.svgRefused });
    const noAlt = await postMultipart("/admin/media/upload", { file: file(unique(PNG), "a.png"), alt: " " });
    expect(await noAlt.json()).toEqual({ error: MEDIA_MESSAGES.altRequired });
    const big = await postMultipart("/admin/media/upload", { file: file(oversized(FIVE_MB + 1), "a.png"), alt: "Big" });
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ error: MEDIA_MESSAGES.tooLarge });
    expect(await storedCounts()).toEqual(before);
  });

  it("requires an admin session and this site's origin", async () => {
    const before = await storedCounts();
    const anonymous = await postMultipart("/admin/media/upload", { file: file(unique(PNG), "a.png"), alt: "x" }, { cookie: "" });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.headers.get("Location")).toBe("/admin/login");
    const crossOrigin = await postMultipart(
      "/admin/media/upload",
      { file: file(unique(PNG), "a.png"), alt: "x" },
      { origin: "https://evil.example" },
    );
    expect(crossOrigin.status).toBe(403);
    expect(await storedCounts()).toEqual(before);
  });
});
