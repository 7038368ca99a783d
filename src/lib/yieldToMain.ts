/**
 * Gives the main thread back to the browser for a moment (it paints, answers a tap, runs what waits) and resolves in a
 * later task: a long start cut in pieces instead of one long task. `scheduler.yield()` where the browser has it (the
 * rest of the work keeps its place in the queue), a zero timeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
