/**
 * Is a new password too common or too easy to guess? zxcvbn-ts with its
 * common-language dictionaries (tens of thousands of leaked passwords, names,
 * keyboard patterns), offline: this site cannot reach online breach lists.
 * A score under 3 ("safely unguessable" starts at 3) is refused. The factory
 * is built on first use and kept for the isolate's life.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

let factory: ZxcvbnFactory | undefined;

/** `related` are words an attacker would try first for this account: the email and its parts. */
export function isWeakPassword(password: string, related: string[] = []): boolean {
  factory ??= new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary });
  // zxcvbn's cost grows with the length; past 100 characters a password is long enough.
  const words = related.flatMap((r) => [r, ...r.split(/[@.+_-]/)]).filter((w) => w.length > 2);
  return factory.check(password.slice(0, 100), words).score < 3;
}
