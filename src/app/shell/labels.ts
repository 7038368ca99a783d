/** Seconds as hours with at most one decimal ("1,5"). */
export function secondsToHours(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 360) / 10;
}
