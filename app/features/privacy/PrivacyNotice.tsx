import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { PRIVACY_NOTICE } from "./notice";

/** The one line every form that collects personal data shows near its button (wording: notice.ts). */
export function PrivacyNotice({
  tone = "default",
  className,
  followUps = false,
}: {
  tone?: "default" | "inverse";
  className?: string;
  /** The form's submitter may get follow-up emails (a form of FOLLOW_UP_FORMS): the notice says so. */
  followUps?: boolean;
}) {
  const inverse = tone === "inverse";
  return (
    <p
      data-privacy-notice={PRIVACY_NOTICE.version}
      className={cn("text-xs leading-relaxed", inverse ? "text-brand-100" : "text-slate-600", className)}
    >
      {followUps ? `${PRIVACY_NOTICE.followUpText} ` : ""}
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
