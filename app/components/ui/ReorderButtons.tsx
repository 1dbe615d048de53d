import { Form, useLocation } from "@remix-run/react";

/** Move up / move down for a row of an ordered list: plain forms (intent + id), so they work without JavaScript. */
export function ReorderButtons({ id, label }: { id: string; label: string }) {
  const location = useLocation();
  return (
    <div className="flex gap-1">
      {(["move-up", "move-down"] as const).map((intent) => (
        <Form key={intent} method="post" action={location.pathname + location.search}>
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className="rounded-lg px-2 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-ink"
            title={`${intent === "move-up" ? "Move up" : "Move down"}: ${label}`}
          >
            <span aria-hidden="true">{intent === "move-up" ? "↑" : "↓"}</span>
            <span className="sr-only">
              {intent === "move-up" ? "Move up" : "Move down"} {label}
            </span>
          </button>
        </Form>
      ))}
    </div>
  );
}
