import { useState } from "react";
import { ErrorList } from "~/components/ui/Field";
import { LibraryPicker, type LibraryImage } from "~/components/ui/LibraryPicker";
import { useEditor } from "./editor-context";
import { SectionTextField } from "./EditorField";
import { sectionName } from "./form-values";
import { ImageUploader } from "./ImageUploader";
import type { FormSection } from "./model";

/**
 * An image section: the image (chosen in the library: radio buttons, so it
 * works without JavaScript, or uploaded), its alt text and caption. Width and
 * height travel with it; the server reads them from the library when it saves.
 */
export function ImageFields({ section, index, id }: { section: FormSection; index: number; id: string }) {
  const { errors, library } = useEditor();
  const [chosen, setChosen] = useState(section.src ?? "");
  const current = section.src && !library.some((m) => m.src === section.src);
  const choices: LibraryImage[] = current
    ? [
        {
          src: section.src!,
          alt: section.alt ?? "",
          width: Number(section.width) || 0,
          height: Number(section.height) || 0,
          name: "Current image",
        },
        ...library,
      ]
    : library;
  const picked = choices.find((m) => m.src === chosen);
  const srcErrors = errors(sectionName(index, "src"));
  const field = (key: "alt" | "caption", label: string, hint?: string) => (
    <SectionTextField section={section} index={index} id={id} field={key} label={label} hint={hint} />
  );
  return (
    <div className="space-y-3">
      <input type="hidden" name={sectionName(index, "width")} value={picked ? String(picked.width) : (section.width ?? "")} />
      <input type="hidden" name={sectionName(index, "height")} value={picked ? String(picked.height) : (section.height ?? "")} />
      <fieldset className="min-w-0" aria-describedby={srcErrors?.length ? `${id}-src-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-ink">Image from the library</legend>
        <LibraryPicker
          name={sectionName(index, "src")}
          images={choices}
          chosen={chosen}
          onChoose={setChosen}
          empty="The media library is empty: upload the first image below."
        />
        <ErrorList id={`${id}-src-error`} errors={srcErrors} />
      </fieldset>
      {field("alt", "Alt text", "What the image shows, for people who cannot see it. Needed to upload too.")}
      <ImageUploader index={index} id={id} onUploaded={(image) => setChosen(image.src)} />
      {field("caption", "Caption (optional)")}
    </div>
  );
}
