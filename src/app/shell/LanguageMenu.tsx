import { Button } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconLanguage } from "@tabler/icons-react";
import { LOCALES, type Locale } from "@domain/constants";
import { DeferredMenu } from "@/components/DeferredMenu";
import { deferred } from "@/components/deferred";
import { LANGUAGE_NAMES } from "@/components/languages";

const switcher = deferred(() => import("@/components/LanguageSwitcher").then((m) => m.LanguageSwitcher));

/**
 * The top bar's language menu: src/components/LanguageSwitcher (a Mantine Menu) loaded on first use. Until
 * then its button is drawn here — keep the two in step (variant, size, icon, label, test id).
 */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const current = (LOCALES as readonly string[]).includes(i18n.locale) ? (i18n.locale as Locale) : "fr";
  return (
    <DeferredMenu
      menu={switcher}
      props={{ compact }}
      placeholder={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t`Changer de langue`}
          aria-haspopup="menu"
          aria-expanded={false}
          data-testid="language-switcher"
        >
          {compact ? current.toUpperCase() : LANGUAGE_NAMES[current]}
        </Button>
      }
    />
  );
}
