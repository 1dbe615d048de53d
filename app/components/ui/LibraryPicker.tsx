/**
 * The media library as a grid of radio tiles, the one picker of the admin:
 * an image section's image, a blog post's featured and author images. The
 * radios are the form's own values, so a choice travels without JavaScript.
 */
import type { ReactNode } from "react";

export type LibraryImage = { src: string; alt: string; width: number; height: number; name: string };

/** A tile that is not an image of the library ("No image", "Web address"). */
export type PickerOption = { value: string; label: string };

export function LibraryPicker({
  name,
  images,
  options = [],
  chosen,
  onChoose,
  empty,
}: {
  name: string;
  images: readonly LibraryImage[];
  /** Tiles before the images. */
  options?: readonly PickerOption[];
  chosen: string;
  onChoose: (value: string) => void;
  /** Said when there are no tiles at all. */
  empty: ReactNode;
}) {
  if (images.length === 0 && options.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const tile = (value: string, body: ReactNode) => (
    <label
      key={value}
      className="relative block cursor-pointer rounded-md bg-white p-1 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        className="absolute left-2 top-2"
      />
      {body}
    </label>
  );
  return (
    <div className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-2 sm:grid-cols-4">
      {options.map((o) =>
        tile(
          o.value,
          <span className="flex aspect-[4/3] w-full items-center justify-center rounded bg-slate-100 px-2 pl-6 text-center text-xs font-medium text-slate-700">
            {o.label}
          </span>,
        ),
      )}
      {images.map((m) =>
        tile(
          m.src,
          <>
            <img
              src={m.src}
              alt=""
              width={m.width || undefined}
              height={m.height || undefined}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded object-cover"
            />
            <span className="mt-1 block truncate text-xs text-slate-600">{m.name}</span>
          </>,
        ),
      )}
    </div>
  );
}
