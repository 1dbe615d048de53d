import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * What a dashboard tab shows when its loader or action failed: the message
 * inside the dashboard, so the navigation and the other tabs stay reachable.
 */
export function TabError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h2 className="text-lg font-semibold">{notFound ? "This page does not exist" : "This tab could not be loaded"}</h2>
      <p className="mt-2 text-sm">
        {notFound
          ? "It may have been deleted, or the address is mistyped."
          : "Something went wrong while reading or saving its data. Please try again in a moment; the other tabs still work."}
      </p>
      <Link to="/admin/dashboard" className="mt-4 inline-block text-sm font-semibold text-red-900 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

/** A page's error without the dashboard's frame: logged when it is not a routine answer (4xx), then shown. */
export function AdminPageError({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <div className="mx-auto max-w-2xl p-8">
      <TabError error={error} />
    </div>
  );
}

/** The error boundary of an admin page outside the dashboard's frame (Audit, Privacy). */
export function AdminPageErrorBoundary() {
  return <AdminPageError error={useRouteError()} />;
}
