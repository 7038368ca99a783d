import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { describeError } from "@/lib/i18n/errors";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useOperatorUnsubscribe } from "../api/unsubscribe";

/** The confirmation of "Se désabonner" (user menu, offer 33): ends the operator renewal. */
export function UnsubscribeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const unsubscribe = useOperatorUnsubscribe();
  const confirm = () =>
    unsubscribe.mutate(undefined, {
      onSuccess: (res) => {
        const end = formatDate(res.end_date);
        toast.success(t`Votre abonnement Ooredoo est résilié. Votre accès reste ouvert jusqu'au ${end}.`);
        onClose();
      },
      onError: (err) => toast.error(describeError(i18n, err)),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t`Se désabonner`} centered radius="lg" closeButtonProps={{ "aria-label": t`Fermer` }}>
      <Stack gap="md">
        <Text>
          <Trans>Voulez-vous arrêter le renouvellement de votre abonnement Ooredoo ? Vous gardez l'accès jusqu'à la fin de la période payée.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Annuler</Trans>
          </Button>
          <Button color="red.8" loading={unsubscribe.isPending} onClick={confirm} data-testid="operator-unsubscribe-confirm">
            <Trans>Se désabonner</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
