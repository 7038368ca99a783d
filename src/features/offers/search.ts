import * as v from "valibot";

/**
 * Where to go back after a purchase: a path of this app only (starts with one "/", no scheme, no "//" or "\" that a
 * browser would read as another origin, no control characters). Anything else is dropped.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 512) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, "https://darsi.invalid");
    if (url.origin !== "https://darsi.invalid") return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

const optionalId = v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined);

/**
 * `/offres?redirect&payment&chapter&event`: where to return after buying, the online payment's result (the wallet's
 * return), and a live session's module to buy (`chapter`, from the session `event`: the purchase then joins it).
 */
export const offersSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(safeRedirect))), undefined),
  payment: v.fallback(v.optional(v.picklist(["success"])), undefined),
  chapter: optionalId,
  event: optionalId,
});
