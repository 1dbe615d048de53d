import { cn } from "./cn";

/** The square "FL" mark of the brand. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white", className)}
    >
      FL
    </span>
  );
}
