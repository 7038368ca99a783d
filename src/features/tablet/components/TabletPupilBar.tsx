import { Avatar, Button, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { IconMaximize, IconUsers } from "@tabler/icons-react";
import { useAvatarSrc } from "@/lib/avatar";
import { requestFullscreen, useIsFullscreen } from "@/lib/kiosk";
import { meQueryOptions } from "@/lib/me";
import { useDisplayName } from "@/lib/displayName";
import type { Me } from "@domain/user";

/**
 * On a class tablet, the signed-in pupil's photo and name stay in view on every screen (under the top bar), with the
 * way back to the class grid: the next pupil never works under someone else's name. Out of full screen (the browser
 * left it, or it was never granted), "Plein écran" asks for it again: browsers grant it on a tap only (kiosk).
 */
export function TabletPupilBar({ onSwitch, busy }: { onSwitch: () => void; busy: boolean }) {
  const { data: me } = useQuery(meQueryOptions);
  const avatar = useAvatarSrc(me?.avatar);
  const fullscreen = useIsFullscreen();
  if (!me) return null;
  return (
    <Group justify="space-between" wrap="nowrap" px="md" py={6} data-testid="tablet-pupil-bar" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={avatar} color="darsi.8" variant="filled" size={32} radius="xl" alt="" />
        <Text fw={600} truncate>
          <PupilName me={me} />
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {!fullscreen && (
          <Button size="compact-md" variant="default" leftSection={<IconMaximize size={16} aria-hidden />} onClick={requestFullscreen} data-testid="tablet-fullscreen">
            <Trans>Plein écran</Trans>
          </Button>
        )}
        <Button size="compact-md" variant="light" leftSection={<IconUsers size={16} aria-hidden />} onClick={onSwitch} loading={busy}>
          <Trans>Changer d'élève</Trans>
        </Button>
      </Group>
    </Group>
  );
}

/** The signed-in pupil's name (the subscriber's label while they have none of their own). */
function PupilName({ me }: { me: Me }) {
  return <bdi>{useDisplayName(me)}</bdi>;
}
