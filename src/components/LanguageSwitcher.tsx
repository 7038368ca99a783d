import { Button, Menu } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconLanguage } from "@tabler/icons-react";
import { LOCALES, type Locale } from "@domain/constants";
import { useSwitchLocale } from "@/lib/i18n/useSwitchLocale";
import { LANGUAGE_NAMES as NAMES, LANGUAGE_ORDER as ORDER } from "./languages";


export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useLingui();
  const switchLocale = useSwitchLocale();
  const current = (LOCALES as readonly string[]).includes(i18n.locale) ? (i18n.locale as Locale) : "fr";
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t`Changer de langue`}
          data-testid="language-switcher"
        >
          {compact ? current.toUpperCase() : NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ORDER.map((l) => (
          <Menu.Item key={l} lang={l} onClick={() => void switchLocale(l)} aria-current={l === current} fw={l === current ? 700 : 400}>
            {NAMES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
