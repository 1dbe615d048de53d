/** The card of the pages open to signed-out people: sign-in, its second step, forgotten password, reset, invitation. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandMark } from "~/components/ui/BrandMark";

export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <Link to="/" className="mx-auto flex w-fit items-center gap-2 font-bold text-ink">
          <BrandMark className="h-9 w-9" />
          <span className="text-lg">Founder Leads</span>
        </Link>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-xl font-bold">{title}</h1>
          {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
          <div className="mt-6">{children}</div>
          {footer ? <div className="mt-4 text-center text-sm">{footer}</div> : null}
        </div>
      </div>
    </div>
  );
}

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline">
      {children}
    </Link>
  );
}
