/**
 * The one mapping from an interface language (fr, en, ar) to the Intl locale every formatter of the platform uses —
 * the client's screens, the server's notification texts and `domain/format.ts` alike. Arabic keeps Western digits, as
 * Tunisian apps do (ar-TN with the Latin numbering system); English is British (day before month); anything else is
 * French, the default language.
 */
export const intlLocale = (locale: string): string => (locale === "ar" ? "ar-TN-u-nu-latn" : locale === "en" ? "en-GB" : "fr-FR");
