/**
 * One part of a page that may fail on its own: the rest of the page stays.
 *
 * In the browser a React error boundary catches the failure and shows
 * `fallback` (nothing, by default). On the server React has no error
 * boundaries, but a failure inside a <Suspense> boundary is rendered as that
 * boundary's fallback (and logged) instead of failing the whole document; the
 * browser then tries the part again and the error boundary takes over.
 */
import { Component, Suspense, type ReactNode } from "react";

// React itself logs the error a boundary catches (console.error), with the component stack.
class Catch extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function SectionBoundary({
  fallback = null,
  suspense = true,
  children,
}: {
  /** What the part is, for people reading the page's code. */
  name: string;
  fallback?: ReactNode;
  /**
   * false for a part that is its own Suspense boundary already (a deferred component): a second
   * boundary around it changes how React hydrates it (it remounted the lead-magnet popup).
   */
  suspense?: boolean;
  children: ReactNode;
}) {
  return <Catch fallback={fallback}>{suspense ? <Suspense fallback={fallback}>{children}</Suspense> : children}</Catch>;
}
