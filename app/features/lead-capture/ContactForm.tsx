import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { useLazyForm } from "~/lib/lazy-validation";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input, Textarea } from "~/components/ui/Field";
import { FormGuardFields } from "~/components/ui/FormGuard";
import { Honeypot } from "~/components/ui/Honeypot";
import { VisitSourceFields } from "~/components/ui/VisitSourceFields";
import { REDIRECT_FIELD } from "~/lib/forms";

const loadContactSchema = () => import("./contact.schema").then((m) => m.contactSchema);

/**
 * The contact form: a plain POST that redirects back with a toast (with
 * JavaScript the same, through Remix's fetch). It remounts empty after a send:
 * each navigation (the redirect is one) gives a fresh form state. Its id stays
 * the same, so the server's HTML and the hydrated form are one form.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const location = useLocation();
  return <ContactFormFields key={location.key} lastResult={lastResult} />;
}

function ContactFormFields({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const { form, fields: f, formProps } = useLazyForm("contact-form", loadContactSchema, lastResult);
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} {...formProps} className="space-y-5">
      <Honeypot />
      <input type="hidden" name={REDIRECT_FIELD} value="/contact" />
      <FormGuardFields />
      <VisitSourceFields />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" field={f.name}>
          <Input {...getInputProps(f.name, { type: "text" })} autoComplete="name" required={false} />
        </Field>
        <Field label="Email" field={f.email}>
          <Input {...getInputProps(f.email, { type: "email" })} autoComplete="email" required={false} />
        </Field>
      </div>
      <Field label="Company (optional)" field={f.company}>
        <Input {...getInputProps(f.company, { type: "text" })} autoComplete="organization" />
      </Field>
      <Field label="How can we help?" field={f.message} hint="Tell us about your app and the merchants you want to reach.">
        <Textarea {...getTextareaProps(f.message)} rows={6} required={false} />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Sending..." : "Send message"}
      </Button>
      <PrivacyNotice />
    </Form>
  );
}
