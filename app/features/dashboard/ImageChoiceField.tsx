/** The pattern's `image` field: a library image, none, or an https address typed by hand (see `imageChoiceValue`). */
import { useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { LibraryPicker, type LibraryImage } from "~/components/ui/LibraryPicker";
import { ErrorList, Input } from "~/components/ui/Field";
import { IMAGE_URL_CHOICE, imageChoiceOf } from "~/features/media";
import type { FieldDef } from "~/lib/admin-resource/types";

export function ImageChoiceField({
  def,
  field,
  library,
}: {
  def: FieldDef;
  field: FieldMetadata<unknown>;
  library: readonly LibraryImage[];
}) {
  const initial = imageChoiceOf(field.initialValue, library);
  const [choice, setChoice] = useState(initial.choice);
  const urlId = `${field.id}-url`;
  const describedBy = [def.hint ? `${field.id}-hint` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset className="min-w-0" aria-describedby={describedBy || undefined} aria-invalid={field.errors?.length ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{def.label}</legend>
      <LibraryPicker
        name={field.name}
        images={library}
        options={[
          { value: "", label: "No image" },
          { value: IMAGE_URL_CHOICE, label: "Web address" },
        ]}
        chosen={choice}
        onChoose={setChoice}
        empty={null}
      />
      <label htmlFor={urlId} className="mt-3 block text-sm font-medium text-ink">
        {def.label} URL
      </label>
      <Input
        id={urlId}
        name={field.name}
        type="text"
        inputMode="url"
        defaultValue={initial.url}
        placeholder={def.placeholder ?? "https://…"}
        onInput={(e) => {
          if (e.currentTarget.value) setChoice(IMAGE_URL_CHOICE);
        }}
        className="mt-1.5"
      />
      <p id={`${field.id}-hint`} className="mt-1.5 text-sm text-slate-600">
        {def.hint ?? "Pick an image of the library (the Media tab uploads one), or choose “Web address” and type an https address."}
      </p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
