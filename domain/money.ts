/**
 * Money (DESIGN §3): every amount is an integer number of millimes, on the server, in `domain/` and in the client.
 * 1 TND = 1,000 millimes and 1 point = 1 TND. Only the screen turns millimes into a number of dinars, to show it.
 */

export const MILLIMES_PER_TND = 1000;

/** Whole dinars (or points) to millimes: `tnd(69)` is 69,000. */
export function tnd(dinars: number): number {
  if (!Number.isSafeInteger(dinars)) throw new Error(`tnd: whole dinars expected, got ${dinars}`);
  return dinars * MILLIMES_PER_TND;
}

/** True for a whole, non-negative number of millimes. */
export function isMillimes(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** `percent` % of an amount, rounded up to the millime (a price after a percentage off is never below the rule). */
export function percentOf(amount: number, percent: number): number {
  return Math.ceil((amount * percent) / 100);
}

/** `percent` % of an amount, rounded down to the millime (what is paid out: a reward never exceeds its share). */
export function percentOfDown(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/** Rounded up to the next whole dinar ("prices rounded up", SPEC §5). */
export function ceilToDinar(amount: number): number {
  return Math.ceil(amount / MILLIMES_PER_TND) * MILLIMES_PER_TND;
}

/**
 * The parts of an amount for display: whole dinars and the millimes left (`{ dinars: 3, millimes: 450 }` for 3,450).
 * Integer arithmetic only: the screen formats these two integers.
 */
export function splitMillimes(amount: number): { negative: boolean; dinars: number; millimes: number } {
  const abs = Math.abs(amount);
  return { negative: amount < 0, dinars: Math.floor(abs / MILLIMES_PER_TND), millimes: abs % MILLIMES_PER_TND };
}
