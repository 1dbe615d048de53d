import type { ComponentProps, MouseEvent } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { PREMIUM_PATH } from "~/lib/paths";

/**
 * A link to /playbooks/premium (the form as a page, without JavaScript) that
 * opens the dialog instead once it has hydrated (`onOpen` calls preventDefault).
 * A module of its own: the hub's first load has the link, not the form.
 */
export function PremiumAccessLink({
  onOpen,
  ...props
}: Omit<ComponentProps<typeof ButtonLink>, "to" | "onClick"> & { onOpen: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return <ButtonLink to={PREMIUM_PATH} onClick={onOpen} {...props} />;
}
