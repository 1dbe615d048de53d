import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { loginSchema } from "./login.schema";

export function LoginForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const password = useRef<HTMLInputElement>(null);
  // After a failed attempt the password field starts empty again (the server never echoes it).
  useEffect(() => {
    if (lastResult?.status === "error" && password.current) password.current.value = "";
  }, [lastResult]);
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/login";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <Form method="post" action="/admin/login" {...getFormProps(form)} className="space-y-5">
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Email" htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" required={false} />
      </Field>
      <Field label="Password" htmlFor={fields.password.id} errorId={fields.password.errorId} errors={fields.password.errors}>
        <Input
          {...getInputProps(fields.password, { type: "password" })}
          ref={password}
          autoComplete="current-password"
          required={false}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Logging in..." : "Log in"}
      </Button>
    </Form>
  );
}
