/** The green "Free …" tag above free resources. */
export function FreeTag({ children }: { children: string }) {
  return (
    <p className="inline-flex rounded-full bg-emerald-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">{children}</p>
  );
}
