import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { PRIVACY_NOTICE } from "./notice";

/** The one line every form that collects personal data shows near its button (wording: notice.ts). */
export function PrivacyNotice({ tone = "default", className }: { tone?: "default" | "inverse"; className?: string }) {
  const inverse = tone === "inverse";
  return (
    <p
      data-privacy-notice={PRIVACY_NOTICE.version}
      className={cn("text-xs leading-relaxed", inverse ? "text-brand-100" : "text-slate-600", className)}
    >
      {PRIVACY_NOTICE.text}{" "}
      <Link
        to={PRIVACY_NOTICE.href}
        className={cn("font-semibold underline underline-offset-2", inverse ? "text-white" : "text-brand-700 hover:text-brand-800")}
      >
        {PRIVACY_NOTICE.linkText}
      </Link>
      .
    </p>
  );
}
