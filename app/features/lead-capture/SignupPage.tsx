import type { ReactNode } from "react";
import { Container } from "~/components/ui/Container";

/** The page of a signup route, seen without JavaScript when the form needs a correction. */
export function SignupPage({ title, children, form }: { title: string; children: ReactNode; form: ReactNode }) {
  return (
    <Container className="py-20">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{children}</p>
        <div className="mt-6">{form}</div>
      </div>
    </Container>
  );
}
