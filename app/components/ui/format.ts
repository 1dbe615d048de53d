/** Dates as US English, the way the spec shows them. */
export function formatDate(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

export function formatDateTime(value: Date | number | string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return new Date(value).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}
