/**
 * The Media tab, declared on the admin resource pattern: the uploads with a
 * thumbnail, their type, size and where each is used. New is an upload (an
 * image and its alt text); edit changes the alt text and the name. The server
 * half is media.resource.server.ts.
 */
import { z } from "zod";
import { defineResource, type ResourceRow } from "~/lib/admin-resource/types";
import { singleLine } from "~/lib/validation";
import { ACCEPT_IMAGES, humanSize, MAX_ALT_LENGTH, MAX_IMAGE_BYTES, MAX_NAME_LENGTH, MAX_UPLOAD_BODY_BYTES } from "./media";
import { MEDIA_MESSAGES } from "./media.messages";

/** The same rules in the browser (on blur) and in the action; the bytes themselves are checked on the server. */
export const mediaSchema = z.object({
  /** Required on upload (the server's check says so: the edit form has no file). */
  file: z
    .file({ error: MEDIA_MESSAGES.fileRequired })
    .min(1, MEDIA_MESSAGES.empty)
    .max(MAX_IMAGE_BYTES, MEDIA_MESSAGES.tooLarge)
    .optional(),
  alt: singleLine(MEDIA_MESSAGES.altRequired).min(1, MEDIA_MESSAGES.altRequired).max(MAX_ALT_LENGTH, MEDIA_MESSAGES.altTooLong),
  name: singleLine().max(MAX_NAME_LENGTH, MEDIA_MESSAGES.nameTooLong).optional(),
});

/** Where an image is used, as list rows carry it. */
type Use = { label: string; href: string };
const usesOf = (row: ResourceRow<"usedOn">): Use[] => (Array.isArray(row.usedOn) ? (row.usedOn as Use[]) : []);

export const mediaResource = defineResource({
  tab: "media",
  singular: "Image",
  plural: "Media",
  description: "Images uploaded for pages, guides and blog posts (JPEG, PNG, WebP, AVIF or GIF, at most 5 MB), served at /media/{key}.",
  schema: mediaSchema,
  fields: [
    {
      name: "file",
      label: "Image",
      kind: "file",
      accept: ACCEPT_IMAGES,
      only: "create",
      hint: "JPEG, PNG, WebP, AVIF or GIF, at most 5 MB.",
    },
    { name: "alt", label: "Alt text", kind: "text", hint: "What the image shows, for people who cannot see it. Pages can override it." },
    { name: "name", label: "Name", kind: "text", only: "edit", hint: "For admins: how the image is found in the library." },
  ],
  listKeys: ["src", "contentType", "width", "height", "size", "usedOn", "deleteWarning"],
  columns: [
    {
      key: "src",
      header: "Image",
      cell: (r) => (
        <img
          src={String(r.src)}
          alt={String(r.alt ?? "")}
          width={Number(r.width)}
          height={Number(r.height)}
          loading="lazy"
          decoding="async"
          className="h-12 w-auto max-w-24 rounded border border-slate-200 bg-slate-50 object-contain"
        />
      ),
    },
    { key: "title", header: "Name", className: "font-medium text-ink break-all" },
    { key: "contentType", header: "Type", cell: (r) => String(r.contentType).replace("image/", "").toUpperCase() },
    {
      key: "width",
      header: "Dimensions",
      cell: (r) => `${Number(r.width)} × ${Number(r.height)}`,
      className: "whitespace-nowrap tabular-nums",
    },
    { key: "size", header: "Size", cell: (r) => humanSize(Number(r.size)), className: "whitespace-nowrap tabular-nums" },
    {
      key: "usedOn",
      header: "Used on",
      cell: (r) => {
        const uses = usesOf(r);
        if (uses.length === 0) return <span className="text-slate-500">Not used</span>;
        return (
          <ul className="space-y-0.5">
            {uses.map((u) => (
              <li key={u.href}>
                <a href={u.href} className="text-brand-700 hover:underline">
                  {u.label}
                </a>
              </li>
            ))}
          </ul>
        );
      },
    },
  ],
  messages: {
    created: MEDIA_MESSAGES.uploaded,
    updated: MEDIA_MESSAGES.updated,
    deleted: MEDIA_MESSAGES.deleted,
    saveFailed: MEDIA_MESSAGES.saveFailed,
    deleteFailed: MEDIA_MESSAGES.deleteFailed,
    fetchFailed: MEDIA_MESSAGES.fetchFailed,
  },
  searchLabel: "Search images by name or alt text",
  maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
});
