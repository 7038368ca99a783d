import { Menu } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSwitchLocale } from "@/lib/i18n/useSwitchLocale";
import { LanguageButton, currentLocale } from "./LanguageButton";
import { LANGUAGE_NAMES as NAMES, LANGUAGE_ORDER as ORDER } from "./languages";

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { i18n } = useLingui();
  const switchLocale = useSwitchLocale();
  const current = currentLocale(i18n.locale);
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <LanguageButton compact={compact} />
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
