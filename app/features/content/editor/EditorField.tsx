import { Field, Input, Textarea } from "~/components/ui/Field";
import { useEditor } from "./editor-context";
import { sectionName } from "./form-values";
import type { FormSection } from "./model";

/** A labelled text field of the editor: its hint, and its errors under it, wired for assistive tech. */
export function EditorField({
  id,
  name,
  label,
  value,
  errors,
  hint,
  rows,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  errors: string[] | undefined;
  hint?: string;
  /** Several lines (a textarea of this many rows); one line without. */
  rows?: number;
}) {
  const props = {
    id,
    name,
    defaultValue: value ?? "",
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${id}-error` : undefined,
  };
  return (
    <Field label={label} field={{ id, errorId: `${id}-error`, errors }} hint={hint}>
      {rows ? <Textarea {...props} rows={rows} className="min-h-20" /> : <Input {...props} />}
    </Field>
  );
}

/** One of a section's own text values (`sections[i].text`…) as an EditorField, with its errors. */
export function SectionTextField({
  section,
  index,
  id,
  field,
  ...rest
}: {
  section: FormSection;
  index: number;
  /** The section's id: the field's is `{id}-{field}`. */
  id: string;
  field: "text" | "content" | "heading" | "alt" | "caption";
  label: string;
  hint?: string;
  rows?: number;
}) {
  const { errors } = useEditor();
  const name = sectionName(index, field);
  return <EditorField id={`${id}-${field}`} name={name} value={section[field]} errors={errors(name)} {...rest} />;
}
