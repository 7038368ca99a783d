import type { Locale } from "@domain/constants";

/** Each language named in itself, in the order the login screen lists them: Arabic, Français, English. */
export const LANGUAGE_NAMES: Record<Locale, string> = { ar: "العربية", fr: "Français", en: "English" };
export const LANGUAGE_ORDER: Locale[] = ["ar", "fr", "en"];
