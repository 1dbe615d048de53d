/** The media library's type detection: from the bytes only, with the size read from the header. */
import { describe, expect, it } from "vitest";
import { detectImage, looksLikeSvg } from "~/features/media/sniff";
import { AVIF, GIF, HTML, JPEG, PNG, PNG_1X1, SVG, SVG_WITH_PROLOG, WEBP_VP8, WEBP_VP8L, WEBP_VP8X } from "../fixtures/images";

const text = (s: string) => new TextEncoder().encode(s);

describe("detectImage", () => {
  it.each([
    ["PNG", PNG, "image/png", "png", 3, 2],
    ["PNG 1 × 1", PNG_1X1, "image/png", "png", 1, 1],
    ["JPEG (SOF0)", JPEG, "image/jpeg", "jpg", 3, 2],
    ["GIF", GIF, "image/gif", "gif", 3, 2],
    ["WebP lossy (VP8)", WEBP_VP8, "image/webp", "webp", 3, 2],
    ["WebP lossless (VP8L)", WEBP_VP8L, "image/webp", "webp", 3, 2],
    ["WebP extended (VP8X)", WEBP_VP8X, "image/webp", "webp", 3, 2],
    ["AVIF", AVIF, "image/avif", "avif", 3, 2],
  ] as const)("tells %s by its bytes, with its size", (_name, bytes, mime, ext, width, height) => {
    expect(detectImage(bytes)).toEqual({ ok: true, mime, ext, width, height });
  });

  it("reads a JPEG's size past other segments and fill bytes, and from a progressive frame (SOF2)", () => {
    const app1 = [0xff, 0xe1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66];
    const sof2 = [0xff, 0xff, 0xc2, 0x00, 0x0b, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x01, 0x01, 0x11, 0x00];
    expect(detectImage(Uint8Array.from([0xff, 0xd8, ...app1, ...sof2]))).toMatchObject({ ok: true, ext: "jpg", width: 600, height: 300 });
  });

  it("does not take a Huffman table (C4) for a frame", () => {
    const dht = [0xff, 0xc4, 0x00, 0x06, 0x00, 0x01, 0x02, 0x03];
    expect(detectImage(Uint8Array.from([0xff, 0xd8, ...dht, 0xff, 0xda, 0x00, 0x02]))).toEqual({ ok: false, reason: "no-size" });
  });

  it("accepts AVIF named as a compatible brand (major brand mif1)", () => {
    const bytes = AVIF.slice();
    bytes.set(text("mif1"), 8);
    expect(detectImage(bytes)).toMatchObject({ ok: true, ext: "avif", width: 3, height: 2 });
  });

  it("does not take other ISO-BMFF files (HEIC, MP4) for AVIF", () => {
    const bytes = AVIF.slice();
    bytes.set(text("heic"), 8);
    bytes.set(text("heic"), 16);
    bytes.set(text("heic"), 20);
    bytes.set(text("heic"), 24);
    expect(detectImage(bytes)).toEqual({ ok: false, reason: "unknown" });
  });

  it("never trusts a name: the same bytes are what they are", () => {
    expect(detectImage(HTML)).toEqual({ ok: false, reason: "unknown" });
    expect(detectImage(text("just some text, saved as photo.jpg"))).toEqual({ ok: false, reason: "unknown" });
    // A signature alone is not an image: without a readable size it is refused too.
    expect(detectImage(text("GIF89a"))).toEqual({ ok: false, reason: "no-size" });
  });

  it("refuses empty, truncated and sizeless files", () => {
    expect(detectImage(new Uint8Array(0))).toEqual({ ok: false, reason: "empty" });
    expect(detectImage(PNG.slice(0, 12))).toEqual({ ok: false, reason: "no-size" });
    expect(detectImage(JPEG.slice(0, 40))).toEqual({ ok: false, reason: "no-size" });
    const zeroWide = GIF.slice();
    zeroWide.set([0, 0], 6);
    expect(detectImage(zeroWide)).toEqual({ ok: false, reason: "no-size" });
  });

  it("tells SVG apart, so the refusal can say why", () => {
    expect(detectImage(SVG)).toEqual({ ok: false, reason: "svg" });
    expect(detectImage(SVG_WITH_PROLOG)).toEqual({ ok: false, reason: "svg" });
    expect(detectImage(text("  \n<svg>"))).toEqual({ ok: false, reason: "svg" });
    expect(detectImage(text('<?xml version="1.0"?><!-- x --><svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      reason: "svg",
    });
  });
});

describe("looksLikeSvg", () => {
  it("is false for HTML and other XML", () => {
    expect(looksLikeSvg(HTML)).toBe(false);
    expect(looksLikeSvg(text('<?xml version="1.0"?><rss version="2.0"></rss>'))).toBe(false);
    expect(looksLikeSvg(text("<svgfoo>"))).toBe(false);
  });
});
