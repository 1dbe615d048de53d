/** The fields of one section, by its type (an image section's are in ImageFields.tsx). */
import { ErrorList, Field, Input, inputClasses } from "~/components/ui/Field";
import { AddRowButton, RowButtons } from "./controls";
import { useEditor } from "./editor-context";
import { EDITOR_MESSAGES as M } from "./editor.messages";
import { EditorField, SectionTextField } from "./EditorField";
import { itemName, sectionName, subName } from "./form-values";
import { ImageFields } from "./ImageFields";
import { intents } from "./intents";
import type { FormSection } from "./model";

export function SectionFields({ section, index, id }: { section: FormSection; index: number; id: string }) {
  const { errors } = useEditor();
  const text = (key: "text" | "content" | "heading", label: string, multiline: boolean, hint?: string) => (
    <SectionTextField section={section} index={index} id={id} field={key} label={label} hint={hint} rows={multiline ? 4 : undefined} />
  );
  switch (section.type) {
    case "paragraph":
      return text("text", "Text", true, M.markupHint);
    case "cta":
      return text("content", "Text", true, M.markupHint);
    case "heading": {
      const levelId = `${id}-level`;
      return (
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          {text("text", "Heading", false)}
          <Field label="Level" field={{ id: levelId, errorId: `${levelId}-error`, errors: errors(sectionName(index, "level")) }}>
            <select id={levelId} name={sectionName(index, "level")} defaultValue={section.level || "2"} className={inputClasses}>
              <option value="2">Level 2 (main)</option>
              <option value="3">Level 3</option>
              <option value="4">Level 4</option>
            </select>
          </Field>
        </div>
      );
    }
    case "list": {
      const items = section.items ?? [];
      return (
        <div>
          <p className="mb-1.5 text-sm font-medium text-ink">Items</p>
          <ErrorList id={`${id}-items-error`} errors={errors(sectionName(index, "items"))} />
          <ol className="space-y-2">
            {items.map((item, j) => {
              const itemId = `${id}-item${j}`;
              const errs = errors(itemName(index, j));
              return (
                <li key={j}>
                  <div className="flex items-center gap-2">
                    <label htmlFor={itemId} className="sr-only">{`Item ${j + 1}`}</label>
                    <span aria-hidden="true" className="w-5 text-right text-sm tabular-nums text-slate-500">{`${j + 1}.`}</span>
                    <Input
                      id={itemId}
                      name={itemName(index, j)}
                      defaultValue={item}
                      aria-invalid={errs?.length ? true : undefined}
                      aria-describedby={errs?.length ? `${itemId}-error` : undefined}
                    />
                    <RowButtons intent={(op) => intents.item(op, index, j)} name={`item ${j + 1}`} index={j} count={items.length} />
                  </div>
                  <ErrorList id={`${itemId}-error`} errors={errs} />
                </li>
              );
            })}
          </ol>
          <AddRowButton intent={intents.item("add", index)} what="item" index={index} className="mt-2" />
          <p className="mt-1.5 text-sm text-slate-600">{M.inlineMarkupHint}</p>
        </div>
      );
    }
    case "introduction":
    case "section":
    case "conclusion": {
      const subs = section.subsections ?? [];
      return (
        <div className="space-y-3">
          {text("heading", "Heading (optional)", false)}
          {text("content", "Text", true, M.markupHint)}
          {subs.map((sub, j) => {
            const subId = `${id}-sub${j}`;
            return (
              <fieldset key={j} id={subId} tabIndex={-1} className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
                <legend className="flex w-full items-center justify-between gap-2 px-1 text-sm font-semibold text-ink">
                  <span>{`Subsection ${j + 1}`}</span>
                </legend>
                <div className="-mt-2 flex justify-end">
                  <RowButtons intent={(op) => intents.sub(op, index, j)} name={`subsection ${j + 1}`} index={j} count={subs.length} />
                </div>
                {(["subheading", "content"] as const).map((key) => (
                  <EditorField
                    key={key}
                    id={`${subId}-${key}`}
                    name={subName(index, j, key)}
                    label={key === "subheading" ? "Subheading (optional)" : "Text"}
                    value={sub[key]}
                    errors={errors(subName(index, j, key))}
                    rows={key === "content" ? 3 : undefined}
                  />
                ))}
              </fieldset>
            );
          })}
          <AddRowButton intent={intents.sub("add", index)} what="subsection" index={index} />
        </div>
      );
    }
    case "image":
      return <ImageFields section={section} index={index} id={id} />;
  }
}
