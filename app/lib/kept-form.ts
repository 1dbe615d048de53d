/**
 * What an admin typed before their session ended, given back after sign-in
 * (kept server-side: app/features/auth/kept-form.server.ts). The root loader
 * reads it for the page (`?kept=<id>`) and provides it here; each admin form
 * that sent it fills itself from it with `useKeptValues`, instead of the
 * stored values, ready to save again.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { createContext, useContext } from "react";

/** The query parameter that names a kept form (an id, never the text). */
export const KEPT_PARAM = "kept";

/** Form values as conform reads them from a form (names like `sections[0].text` nested). */
export type KeptValues = Record<string, unknown>;

const KeptFormContext = createContext<KeptValues | null>(null);

export const KeptFormProvider = KeptFormContext.Provider;

/**
 * The kept values, when the page's kept form is this form: `match` names the hidden fields that tell a
 * page's forms apart (its `intent`, a note's id); a page with one form passes nothing. `Shape` is the
 * form's own (what it posted, read back as conform reads a form).
 */
export function useKeptValues<Shape extends Record<string, unknown> = Record<string, string | undefined>>(
  match: Record<string, string | undefined> = {},
): Shape | undefined {
  const kept = useContext(KeptFormContext);
  if (!kept) return undefined;
  return Object.entries(match).every(([name, value]) => value === undefined || kept[name] === value) ? (kept as Shape) : undefined;
}

/**
 * What every admin form shares besides its id and validation: its last result once the page is idle,
 * validation on blur (again on input), and its values: as typed before a session ended (the form told
 * apart by `match`, see `useKeptValues`), else `defaults`. Spread into conform's `useForm`.
 */
export function useKeptFormOptions<Shape extends Record<string, string | undefined>>(
  lastResult: SubmissionResult<string[]> | undefined,
  match: Record<string, string | undefined>,
  defaults?: Shape,
) {
  const navigation = useNavigation();
  const kept = useKeptValues<Shape>(match);
  return {
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: kept ?? defaults,
  } as const;
}
