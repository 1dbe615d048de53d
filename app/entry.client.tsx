import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepSubmitClick } from "~/lib/forms";

// A submit button's press keeps the focus in the field, so the field's message cannot move the button away mid-click.
document.addEventListener("mousedown", keepSubmitClick, true);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
