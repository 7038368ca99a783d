import { DeferredMenu } from "@/components/DeferredMenu";
import { deferred } from "@/components/deferred";
import { LanguageButton } from "@/components/LanguageButton";

const switcher = deferred(() => import("@/components/LanguageSwitcher").then((m) => m.LanguageSwitcher));

/** The top bar's language menu: src/components/LanguageSwitcher (a Mantine Menu) loaded on first use, its button drawn until then. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  return (
    <DeferredMenu
      menu={switcher}
      props={{ compact }}
      placeholder={<LanguageButton compact={compact} aria-haspopup="menu" aria-expanded={false} />}
    />
  );
}
