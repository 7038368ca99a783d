/**
 * The data this app downloaded on this device this month (issue 22, item 6), shown in the user menu with the storage
 * it holds. Counted from the Resource Timing of the page (every response's `transferSize`: bytes that came over the
 * network, headers included; 0 for what the HTTP cache or the service worker's cache served) and from the app's own
 * counter (`countDownload`) for what Resource Timing cannot see. Kept per device in localStorage (`darsi_data_usage`),
 * per month of Africa/Tunis; a new month starts from zero. Loaded after the first screen, never with it.
 */
import { tunisDay } from "@domain/days";

const KEY = "darsi_data_usage";

export interface MonthUsage {
  /** `YYYY-MM` in Africa/Tunis. */
  month: string;
  bytes: number;
}

export const tunisMonth = (at: Date): string => tunisDay(at).slice(0, 7);

/** Adds `bytes` to the month's count; a record of another month is replaced (the count is this month's only). */
export function addUsage(record: MonthUsage | null, month: string, bytes: number): MonthUsage {
  const add = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  if (!record || record.month !== month) return { month, bytes: add };
  return { month, bytes: record.bytes + add };
}

function read(): MonthUsage | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<MonthUsage>;
    return typeof v.month === "string" && typeof v.bytes === "number" && v.bytes >= 0 ? { month: v.month, bytes: v.bytes } : null;
  } catch {
    return null;
  }
}

/** Bytes downloaded this month on this device (0 when the record is of another month). */
export function usageThisMonth(now = new Date()): number {
  const r = read();
  return r && r.month === tunisMonth(now) ? r.bytes : 0;
}

/** The app's own counter: bytes it downloaded where Resource Timing does not report them. */
export function countDownload(bytes: number, now = new Date()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(addUsage(read(), tunisMonth(now), bytes)));
  } catch {
    // storage refused: nothing is counted on this device
  }
}

/** The bytes of a batch of Resource Timing entries that came over the network. */
export function transferredBytes(entries: readonly PerformanceEntry[]): number {
  let sum = 0;
  for (const e of entries) {
    const size = (e as PerformanceResourceTiming).transferSize;
    if (typeof size === "number" && size > 0) sum += size;
  }
  return sum;
}

let started = false;

/**
 * Counts every response of this page from now on, and those before (the buffered entries since the page opened:
 * the sign-in page, the first screen). Once per page.
 */
export function startDataCounter(): void {
  if (started || typeof PerformanceObserver === "undefined") return;
  started = true;
  const observer = new PerformanceObserver((list) => countDownload(transferredBytes(list.getEntries())));
  try {
    observer.observe({ type: "navigation", buffered: true });
    observer.observe({ type: "resource", buffered: true });
  } catch {
    // an old browser without typed observers: nothing counted
  }
}

/** The storage this app holds on the device (caches, databases, local storage), when the browser tells it. */
export async function storageUsed(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.usage === "number" ? estimate.usage : null;
  } catch {
    return null;
  }
}
