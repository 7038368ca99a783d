import type { ComponentPropsWithRef } from "react";
import { Button } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconLanguage } from "@tabler/icons-react";
import { LOCALES, type Locale } from "@domain/constants";
import { LANGUAGE_NAMES } from "./languages";

/** The current language, falling back to French. */
export function currentLocale(locale: string): Locale {
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : "fr";
}

/**
 * The language menu's button (the top bar draws it before the menu's code has loaded, the menu uses it as its target):
 * one component so that both always look and read the same.
 */
export function LanguageButton({ compact = false, ...rest }: { compact?: boolean } & Omit<ComponentPropsWithRef<"button">, "color">) {
  const { t, i18n } = useLingui();
  const current = currentLocale(i18n.locale);
  const shown = compact ? current.toUpperCase() : LANGUAGE_NAMES[current];
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      // A 44 × 44 px target (WCAG 2.5.5) that keeps its width in a crowded top bar.
      h={44}
      miw={44}
      px={compact ? 6 : 10}
      style={{ flexShrink: 0 }}
      leftSection={<IconLanguage size={18} aria-hidden />}
      // The name starts with the words shown (WCAG 2.5.3, label in name): "AR, changer de langue".
      aria-label={t`${shown}, changer de langue`}
      data-testid="language-switcher"
      {...rest}
    >
      {shown}
    </Button>
  );
}
