import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, type Locale } from "@domain/constants";

const STORAGE_KEY = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice, else French (the product's default language). */
export function initialLocale(): Locale {
  const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(STORAGE_KEY);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const directionOf = (locale: Locale): "rtl" | "ltr" => (RTL_LOCALES.includes(locale) ? "rtl" : "ltr");

// French, the source language, needs no catalogue: each message's French text is compiled into the code that shows it
// (scripts/lib/lingui-source-messages.mjs), so a page downloads only its own strings. The others load on demand.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  fr: async () => ({ messages: {} }),
  en: () => import("./catalog-en"),
  ar: () => import("./catalog-ar"),
};

/**
 * Loads the catalog and switches language without a reload; `<html lang dir>` follow. (The push token's language follows
 * a change: `useSwitchLocale`, and the shell's check after the first screen.)
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  localStorage.setItem(STORAGE_KEY, locale);
}

export { i18n };
