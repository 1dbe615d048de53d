/**
 * What an uploaded file is, from its own bytes: JPEG, PNG, WebP, AVIF or GIF
 * by their magic numbers, never by the name or the declared type, and the
 * image's width and height read from its header without decoding it.
 *
 * Pure and dependency-free (it runs in the browser and in the Worker). SVG is
 * told apart from "unknown" only so the refusal can say why: it is XML that
 * can carry script. HTML or anything else wearing an image's name is unknown.
 */

export const IMAGE_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
} as const;

export type ImageExt = keyof typeof IMAGE_TYPES;
export type ImageMime = (typeof IMAGE_TYPES)[ImageExt];

export type Detected =
  | { ok: true; mime: ImageMime; ext: ImageExt; width: number; height: number }
  | { ok: false; reason: "empty" | "svg" | "unknown" | "no-size" };

type Size = { width: number; height: number } | null;

// ---------------------------------------------------------------- readers

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
/** Four bytes as ASCII (box and chunk names). */
const fourCC = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

// ------------------------------------------------------------------- PNG

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The first chunk must be IHDR: width and height are its first two 32-bit fields. */
function pngSize(b: Uint8Array): Size {
  if (b.length < 24 || fourCC(b, 12) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

// ------------------------------------------------------------------- GIF

/** The logical screen descriptor follows the 6-byte header: width, height (little-endian). */
function gifSize(b: Uint8Array): Size {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

// ------------------------------------------------------------------ JPEG

/** SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Walks the marker segments from after SOI until a start-of-frame (precision,
 * height, width follow its length). Markers without a length (RSTn, TEM) are
 * stepped over; start of scan (entropy-coded data follows) ends the search.
 */
function jpegSize(b: Uint8Array): Size {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > b.length) return null;
      return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

// ------------------------------------------------------------------ WebP

/** RIFF….WEBP, then the first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpSize(b: Uint8Array): Size {
  if (b.length < 30) return null;
  const chunk = fourCC(b, 12);
  if (chunk === "VP8 ") {
    // A key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    // Signature 0x2F, then width-1 and height-1 in 14 bits each, least significant bit first.
    if (b[20] !== 0x2f) return null;
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    // Flags and reserved bytes, then canvas width-1 and height-1 in 24 bits each.
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  }
  return null;
}

// ------------------------------------------------------------------ AVIF

type Box = { type: string; start: number; end: number };

/** The ISO-BMFF boxes between `from` and `to` (a size of 0 runs to the end; 1 means a 64-bit size follows). */
function* boxes(b: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to || u32be(b, at + 8) !== 0) return; // > 4 GB: not an upload of ours
      size = u32be(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type: fourCC(b, at + 4), start: at + header, end: at + size };
    at += size;
  }
}

const child = (b: Uint8Array, parent: { start: number; end: number }, type: string, skip = 0) => {
  for (const box of boxes(b, parent.start + skip, parent.end)) if (box.type === type) return box;
  return null;
};

/** `ftyp` first, naming avif (image) or avis (sequence) as its major or a compatible brand. */
function isAvif(b: Uint8Array): boolean {
  if (b.length < 16 || fourCC(b, 4) !== "ftyp") return false;
  const end = Math.min(u32be(b, 0), b.length);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    const brand = fourCC(b, at);
    if (brand === "avif" || brand === "avis") return true;
  }
  return false;
}

/**
 * The size is an `ispe` property: meta (a full box) > iprp > ipco > ispe
 * (a full box: width, height). With several (a grid and its tiles, a
 * thumbnail, an alpha plane) the largest is the image's.
 */
function avifSize(b: Uint8Array): Size {
  const meta = child(b, { start: 0, end: b.length }, "meta");
  const iprp = meta && child(b, meta, "iprp", 4);
  const ipco = iprp && child(b, iprp, "ipco");
  if (!ipco) return null;
  let best: Size = null;
  for (const box of boxes(b, ipco.start, ipco.end)) {
    if (box.type !== "ispe" || box.end - box.start < 12) continue;
    const size = { width: u32be(b, box.start + 4), height: u32be(b, box.start + 8) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

// ------------------------------------------------------------------- SVG

const SNIFF_TEXT_BYTES = 4096;

/**
 * An SVG document: after an optional BOM, white space, comments, an XML
 * declaration and a doctype, the first element is `<svg`; or an XML file
 * whose head names an svg element.
 */
export function looksLikeSvg(b: Uint8Array): boolean {
  let text = new TextDecoder("utf-8", { fatal: false }).decode(b.subarray(0, SNIFF_TEXT_BYTES)).replace(/^\uFEFF/, "");
  const isXml = /^\s*<\?xml/i.test(text);
  for (;;) {
    text = text.trimStart();
    const skip = /^<\?[\s\S]*?\?>|^<!--[\s\S]*?-->|^<!doctype[^>[]*(\[[\s\S]*?\])?\s*>/i.exec(text);
    if (!skip) break;
    text = text.slice(skip[0].length);
  }
  if (/^<svg[\s>/]/i.test(text) || /^<[\w.-]+:svg[\s>/]/i.test(text)) return true;
  return isXml && /<(?:[\w.-]+:)?svg[\s>/]/i.test(text);
}

// ------------------------------------------------------------------ detect

type Format = { ext: ImageExt; is: (b: Uint8Array) => boolean; size: (b: Uint8Array) => Size };

const FORMATS: readonly Format[] = [
  { ext: "png", is: (b) => startsWith(b, PNG_SIGNATURE), size: pngSize },
  { ext: "jpg", is: (b) => startsWith(b, [0xff, 0xd8, 0xff]), size: jpegSize },
  { ext: "gif", is: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61, size: gifSize },
  { ext: "webp", is: (b) => b.length >= 12 && fourCC(b, 0) === "RIFF" && fourCC(b, 8) === "WEBP", size: webpSize },
  { ext: "avif", is: isAvif, size: avifSize },
];

/** What the bytes are, with the image's size; or why they are not an image the site accepts. */
export function detectImage(bytes: Uint8Array): Detected {
  if (bytes.length === 0) return { ok: false, reason: "empty" };
  const format = FORMATS.find((f) => f.is(bytes));
  if (!format) return { ok: false, reason: looksLikeSvg(bytes) ? "svg" : "unknown" };
  const size = format.size(bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, reason: "no-size" };
  return { ok: true, mime: IMAGE_TYPES[format.ext], ext: format.ext, ...size };
}
