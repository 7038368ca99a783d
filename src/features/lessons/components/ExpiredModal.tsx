import { Button, Modal, Stack, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";

/** Free hours used up (SPEC §4): a blocking dialog; closing it, however, goes to the offers. */
export function ExpiredModal({ opened }: { opened: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const close = () => void navigate({ to: "/offres" });
  return (
    <Modal opened={opened} onClose={close} title={t`Vos heures gratuites sont épuisées`} centered closeOnClickOutside={false} closeButtonProps={{ "aria-label": t`Fermer` }}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>Pour continuer à regarder les leçons, choisissez une offre.</Trans>
        </Text>
        <Button onClick={close} data-autofocus>
          <Trans>Voir les offres</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}
