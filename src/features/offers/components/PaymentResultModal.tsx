import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconCircleCheck } from "@tabler/icons-react";
import "@mantine/core/styles/ThemeIcon.css";

/** The payment result (SPEC §2 modals, §8): shown on /offres?payment=success after an online payment went through. */
export function PaymentResultModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Abonnement activé`} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="payment-result">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text>
          <Trans>Votre abonnement silver a été effectué avec succès</Trans>
        </Text>
        <Group justify="center">
          <Button onClick={onClose} data-autofocus>
            <Trans>Continuer</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
