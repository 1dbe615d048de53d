/**
 * Polls `check` until it returns something truthy (which is returned), or
 * fails after `timeoutMs`. Shared by the workerd and the browser tests: wait
 * for a state, never sleep for a guessed time.
 */
export async function waitFor<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`waitFor timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
