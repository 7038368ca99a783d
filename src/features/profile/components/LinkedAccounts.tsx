import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SocialProvider } from "@domain/social";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useLinkSocial } from "../api/linkSocial";
import { useUnlinkSocial } from "../api/unlinkSocial";

/** Google and Facebook on /mon-profil: link one (a round trip to the provider) or unlink it (while another way in remains). */
export function LinkedAccounts({ me, disabled }: { me: { google_id: string | null; facebook_id: string | null }; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const link = useLinkSocial();
  const unlink = useUnlinkSocial();
  const rows: Array<{ provider: SocialProvider; name: string; linked: boolean }> = [
    { provider: "google", name: "Google", linked: Boolean(me.google_id) },
    { provider: "facebook", name: "Facebook", linked: Boolean(me.facebook_id) },
  ];

  const startLink = async (provider: SocialProvider) => {
    try {
      window.location.assign(await link.mutateAsync(provider));
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };
  const remove = async (provider: SocialProvider) => {
    try {
      await unlink.mutateAsync(provider);
      toast.success(t`Compte délié`);
    } catch (err) {
      toast.error(describeError(i18n, err));
    }
  };

  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Group key={row.provider} justify="space-between" wrap="nowrap" data-testid={`linked-${row.provider}`}>
          <Group gap="xs">
            <Text fw={600}>{row.name}</Text>
            {row.linked ? (
              <Badge color="green" variant="light">
                <Trans>Lié</Trans>
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                <Trans>Non lié</Trans>
              </Badge>
            )}
          </Group>
          {row.linked ? (
            <Button variant="default" size="xs" disabled={disabled} loading={unlink.isPending && unlink.variables === row.provider} onClick={() => void remove(row.provider)}>
              <Trans>Délier</Trans>
            </Button>
          ) : (
            <Button variant="light" size="xs" disabled={disabled} loading={link.isPending && link.variables === row.provider} onClick={() => void startLink(row.provider)}>
              <Trans>Lier</Trans>
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
