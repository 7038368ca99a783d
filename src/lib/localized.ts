import { useCallback } from "react";
import { useLingui } from "@lingui/react";

/**
 * Catalogue texts (chapters, sections, lessons, attachments, promo cards, alerts, instructors' descriptions) come with
 * their Arabic and English versions beside the French reference: `name` / `name_ar` / `name_en`, likewise `text_*`,
 * `title_*`, `body_*`, `description_*`. The text of the interface's language, French when that one is missing.
 */
export function localized<T extends object>(item: T, locale: string, field: keyof T & string = "name" as keyof T & string): string {
  const texts = item as Record<string, unknown>;
  const own = locale === "ar" || locale === "en" ? texts[`${field}_${locale}`] : undefined;
  if (typeof own === "string" && own.trim()) return own;
  const reference = texts[field];
  return typeof reference === "string" ? reference : "";
}

/** `localized` bound to the current language: `const l = useLocalized(); l(chapter)`, `l(card, "text")`. */
export function useLocalized() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useCallback(<T extends object>(item: T, field?: keyof T & string) => localized(item, locale, field), [locale]);
}
