/** The premium access request's options (no zod here: the form ships to the browser). Its messages are in lead-capture.messages.ts. */
export const ACCESS_TIMINGS = [
  { value: "instantly", label: "Instantly" },
  { value: "this-week", label: "This week" },
  { value: "this-month", label: "This month" },
] as const;

export function accessTimingLabel(value: string): string {
  return ACCESS_TIMINGS.find((t) => t.value === value)?.label ?? value;
}
