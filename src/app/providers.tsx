import type { ReactNode } from "react";
import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from "@mantine/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { i18n } from "@/lib/i18n";
import { queryClient } from "./queryClient";
import { cssVariablesResolver, theme } from "./theme";
import { LazyNotifications } from "./LazyNotifications";

const colorSchemeManager = localStorageColorSchemeManager({ key: "darsi-color-scheme" });

export function Providers({ children, direction }: { children: ReactNode; direction: "ltr" | "rtl" }) {
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={direction} detectDirection={false}>
        <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
          <LazyNotifications />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
