import { Form, useNavigation } from "@remix-run/react";
import { Button } from "./Button";

/**
 * The small form of a list's row: one button that posts `intent` and the row's
 * id (`name`=`value`) to `action`, with JavaScript or without. With a
 * `busyLabel`, the button reads it (and is disabled) while this row's post is
 * under way.
 */
export function RowAction({
  action,
  intent,
  name,
  value,
  label,
  busyLabel,
  ariaLabel,
  variant = "secondary",
}: {
  /** Where it posts; without, the current route's action. */
  action?: string;
  intent: string;
  /** The hidden field that names the row, e.g. `sessionId`. */
  name: string;
  value: string;
  label: string;
  busyLabel?: string;
  /** The button's accessible name, when the label alone does not say which row. */
  ariaLabel?: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = busyLabel !== undefined && navigation.formData?.get("intent") === intent && navigation.formData.get(name) === value;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant={variant} size="sm" aria-label={ariaLabel} disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </Button>
    </Form>
  );
}
