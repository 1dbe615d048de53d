/**
 * The media library's browser-safe half: limits, addresses and the shape the
 * editor's picker reads. The bytes are checked on the server (sniff.ts runs
 * there); the browser only checks what the form's schema can (size, empty).
 */
import { IMAGE_TYPES, type ImageExt } from "./sniff";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A multipart body carrying one image of the maximum size, its alt text and the form's own fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;
export const MAX_ALT_LENGTH = 300;
export const MAX_NAME_LENGTH = 200;

/** What the file input offers (the server still decides from the bytes). */
export const ACCEPT_IMAGES = Object.values(IMAGE_TYPES).join(",");

/** `<sha-256 hex>.<ext>`: the only keys `/media/{key}` serves. */
export const MEDIA_KEY = /^[0-9a-f]{64}\.(jpg|png|webp|avif|gif)$/;

export const mediaSrc = (key: string) => `/media/${key}`;

/** The content type of a key's extension (keys are only ever made by the upload, from the bytes). */
export const mimeOfKey = (key: string) => IMAGE_TYPES[key.slice(key.lastIndexOf(".") + 1) as ImageExt];

/** An image as the editor's picker and the upload endpoint give it. */
export interface MediaItem {
  key: string;
  /** `/media/{key}` */
  src: string;
  alt: string;
  width: number;
  height: number;
  name: string;
}

/** Bytes for people: "840 bytes", "12 KB", "1.2 MB". */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** Where the editor's script uploads an image (multipart `file` and `alt`; a MediaItem or `{ error }` as JSON). */
export const MEDIA_UPLOAD_URL = "/admin/media/upload";

/**
 * An image field of a form (a blog post's featured image): a radio per
 * library image, "No image" (""), and "Web address" (`IMAGE_URL_CHOICE`) with
 * the address in a text box of the same name after the radios. The form then
 * sends one or two values; this picks the one the radio means.
 */
export const IMAGE_URL_CHOICE = "url";

export function imageChoiceValue(value: unknown): unknown {
  if (Array.isArray(value)) return value[0] === IMAGE_URL_CHOICE ? value[1] : value[0];
  return value === IMAGE_URL_CHOICE ? "" : value;
}

/** The radio and the text box for a stored (or sent back) value of an image field. */
export function imageChoiceOf(value: unknown, library: readonly { src: string }[]): { choice: string; url: string } {
  if (Array.isArray(value)) {
    const [choice, url] = value.map((v) => (typeof v === "string" ? v : ""));
    return { choice: choice ?? "", url: url ?? "" };
  }
  const text = typeof value === "string" ? value : "";
  if (!text) return { choice: "", url: "" };
  return library.some((m) => m.src === text) ? { choice: text, url: "" } : { choice: IMAGE_URL_CHOICE, url: text };
}
