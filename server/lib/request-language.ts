/**
 * The language of the request being served, for the messages it makes the server send (a code asked for in Arabic
 * arrives in Arabic). The app sends its interface language as `Accept-Language` on every call (src/lib/api.ts); other
 * clients get their header's first language the app has (q-values honoured), else French. Kept for the request's
 * whole asynchronous run (AsyncLocalStorage, set by a middleware of createApp), so the verbs that send need no
 * extra parameter.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { LOCALES, type Locale } from "../../domain/constants";

const current = new AsyncLocalStorage<Locale>();

/** The preferred language of an `Accept-Language` header among the app's (fr, en, ar); undefined when none. */
export function languageOfHeader(header: string | undefined | null): Locale | undefined {
  if (!header) return undefined;
  let best: { lang: Locale; q: number } | undefined;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().split(";");
    const lang = tag.trim().toLowerCase().split("-")[0] as Locale;
    if (!(LOCALES as readonly string[]).includes(lang)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang;
}

/** Runs `fn` (the rest of a request) with `lang` as the request's language. */
export function withRequestLanguage<T>(lang: Locale | undefined, fn: () => T): T {
  return lang ? current.run(lang, fn) : fn();
}

/** The language of the request being served, if any (none in the admin command or a scheduled job). */
export function requestLanguage(): Locale | undefined {
  return current.getStore();
}
