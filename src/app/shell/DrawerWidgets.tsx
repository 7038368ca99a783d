import { Divider, Group, Stack } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { isPupilAccount } from "@domain/guards";
import { useClassMode } from "@/lib/kiosk";
import { meQueryOptions } from "@/lib/me";
import { ThemeToggle } from "@/components/ThemeToggle";
import { FreeHoursBar } from "./FreeHoursBar";
import { GiftBalanceWidget } from "./GiftBalanceWidget";
import { WalletWidget } from "./WalletWidget";

/** The top of the phone drawer: what the narrow top bar has no room for (balances with their words, free hours, theme). */
export function DrawerWidgets() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  // Not on a class tablet: no balances (issue 23 kiosk).
  const classMode = useClassMode();
  const money = isPupilAccount(me.user_type) && !classMode;
  return (
    <Stack gap="xs" mb="xs" data-testid="drawer-widgets">
      <Group gap="xs" wrap="wrap">
        {money && <WalletWidget />}
        {money && <GiftBalanceWidget />}
        <ThemeToggle />
      </Group>
      {me.freeHours && <FreeHoursBar freeHours={me.freeHours} />}
      <Divider />
    </Stack>
  );
}
