import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { IconMoon, IconSun } from "@tabler/icons-react";

/** Light or dark, stored on the device; the system's choice until the pupil picks one. */
export function ThemeToggle() {
  const { t } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const dark = computed === "dark";
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(dark ? "light" : "dark")}
      aria-label={dark ? t`Passer au thème clair` : t`Passer au thème sombre`}
    >
      {dark ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}
