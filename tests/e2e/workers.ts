/**
 * How many end-to-end files run at once, each against a site of its own
 * (global-setup.ts). Two was fastest on the 2-core development machine
 * (ADR 0018); `E2E_WORKERS=n` chooses another number.
 */
export function e2eWorkers(): number {
  const asked = process.env.E2E_WORKERS;
  if (!asked) return 2;
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`E2E_WORKERS must be a number from 1 to 8, not "${asked}"`);
  return n;
}
