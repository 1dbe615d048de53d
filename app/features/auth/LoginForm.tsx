import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useLazyForm } from "~/lib/lazy-validation";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { KEPT_PARAM } from "~/lib/kept-form";

const loadLoginSchema = () => import("./login.schema").then((m) => m.loginSchema);

/** `kept`: the id of a form kept when the admin's session ended, sent back with the sign-in (never the text). */
export function LoginForm({ lastResult, kept }: { lastResult?: SubmissionResult<string[]>; kept?: string | null }) {
  const navigation = useNavigation();
  const password = useRef<HTMLInputElement>(null);
  // After a failed attempt the password field starts empty again (the server never echoes it).
  useEffect(() => {
    if (lastResult?.status === "error" && password.current) password.current.value = "";
  }, [lastResult]);
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  const { form, fields, formProps } = useLazyForm("admin-login", loadLoginSchema, lastResult);
  return (
    <Form method="post" action="/admin/login" {...getFormProps(form)} {...formProps} className="space-y-5">
      <ErrorList id={form.errorId} errors={form.errors} />
      {kept ? <input type="hidden" name={KEPT_PARAM} value={kept} /> : null}
      <Field label="Email" field={fields.email}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" required={false} />
      </Field>
      <Field label="Password" field={fields.password}>
        <Input {...getInputProps(fields.password, { type: "password" })} ref={password} autoComplete="current-password" required={false} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Logging in..." : "Log in"}
      </Button>
    </Form>
  );
}
