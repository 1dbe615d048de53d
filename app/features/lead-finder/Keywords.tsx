/** The Lead Finder's keywords: add one, pick one to see its stores, delete one (and its leads) after a confirmation. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ConfirmLink, useConfirmDialog, type Confirmation } from "~/components/ui/Confirm";
import { Field, Input } from "~/components/ui/Field";
import { useKeptValues } from "~/lib/kept-form";
import { keywordSchema } from "./keyword.schema";
import { LEAD_FINDER_PATH as PATH } from "./lead-finder.options";
import type { LeadFinderActionData } from "./lead-finder.server";
import { card, ConfirmPanel, type LeadFinderData } from "./lead-finder.ui";
import type { KeywordRow } from "./leads.server";

function KeywordForm({ lastResult }: { lastResult?: LeadFinderActionData["keywordResult"] }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "add-keyword",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: useKeptValues<{ keyword: string }>({ intent: "add-keyword" }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: keywordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex items-start gap-2">
      <Field label="New keyword" field={fields.keyword} errors={fields.keyword.errors ?? form.errors} srOnlyLabel className="flex-1">
        <Input {...getInputProps(fields.keyword, { type: "text" })} placeholder="e.g. product bundles" />
      </Field>
      <Button type="submit" name="intent" value="add-keyword" disabled={navigation.state === "submitting"}>
        Add
      </Button>
    </Form>
  );
}

const deleteKeyword = (k: KeywordRow): Confirmation => ({
  title: "Delete keyword?",
  text: `“${k.keyword}” and its ${k.leadCount} ${k.leadCount === 1 ? "lead" : "leads"} will be deleted for good.`,
  action: PATH,
  intent: `delete-keyword:${k.id}`,
  confirmLabel: "Delete keyword",
});

export function Keywords({ data, lastResult }: { data: LeadFinderData; lastResult?: LeadFinderActionData["keywordResult"] }) {
  const confirm = useConfirmDialog();
  const confirming = data.confirm?.startsWith("keyword:") ? data.keywords.find((k) => `keyword:${k.id}` === data.confirm) : null;
  return (
    <section aria-labelledby="keywords-title" className={card}>
      <h3 id="keywords-title" className="font-semibold text-ink">
        Keywords
      </h3>
      <div className="mt-3">
        <KeywordForm lastResult={lastResult} />
      </div>
      {confirming ? <ConfirmPanel confirmation={deleteKeyword(confirming)} cancel={PATH} /> : null}
      {data.keywordsError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {data.keywordsError}
        </p>
      ) : data.keywords.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No keywords yet: add the first one above.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {data.keywords.map((k) => (
            <li key={k.id} className="flex items-center gap-2 py-2">
              <Link
                to={`?keyword=${k.id}`}
                aria-current={data.selected?.id === k.id ? "true" : undefined}
                className={cn(
                  "flex-1 truncate rounded-lg px-2 py-1 text-sm font-medium hover:bg-slate-50",
                  data.selected?.id === k.id ? "bg-brand-50 text-brand-800" : "text-ink",
                )}
              >
                {k.keyword}
              </Link>
              <Badge>{`${k.leadCount} leads`}</Badge>
              <ConfirmLink
                to={`?confirm=keyword:${k.id}`}
                ask={confirm.ask}
                confirmation={deleteKeyword(k)}
                className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Delete<span className="sr-only">{` keyword ${k.keyword}`}</span>
              </ConfirmLink>
            </li>
          ))}
        </ul>
      )}
      {confirm.dialog}
    </section>
  );
}
