import { Group, UnstyledButton } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { LOCALES, type Locale } from "@domain/constants";
import { useSwitchLocale } from "@/lib/i18n/useSwitchLocale";
import { LANGUAGE_NAMES, LANGUAGE_ORDER } from "./languages";

/**
 * The language choice of the sign-in pages: the three names side by side (Arabic, Français, English),
 * one tap each — lighter than a menu on the page every pupil opens first.
 */
export function LanguageLinks() {
  const { t, i18n } = useLingui();
  const switchLocale = useSwitchLocale();
  const current = (LOCALES as readonly string[]).includes(i18n.locale) ? (i18n.locale as Locale) : "fr";
  return (
    <Group gap={4} component="nav" aria-label={t`Langue`} data-testid="language-links">
      {LANGUAGE_ORDER.map((l) => (
        <UnstyledButton
          key={l}
          lang={l}
          onClick={() => void switchLocale(l)}
          aria-pressed={l === current}
          px={8}
          py={4}
          fz="sm"
          fw={l === current ? 700 : 500}
          c={l === current ? "darsi.8" : "dimmed"}
          style={{ borderRadius: "var(--mantine-radius-sm)", textDecoration: l === current ? "underline" : undefined, textUnderlineOffset: 4 }}
        >
          {LANGUAGE_NAMES[l]}
        </UnstyledButton>
      ))}
    </Group>
  );
}
