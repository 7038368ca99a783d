import "@mantine/core/styles/Modal.css";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { isNoConnection } from "@/components/NeedsConnection";
import { describeError } from "@/lib/i18n/errors";

export interface ConfirmStartModalProps {
  opened: boolean;
  minutes: number;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** confirm-start-exam (SPEC §2): starting opens the exam's files and starts the countdown, which cannot be paused. */
export function ConfirmStartModal({ opened, minutes, pending, error, onConfirm, onClose }: ConfirmStartModalProps) {
  const { i18n, t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Commencer l'examen ?`} centered>
      <Stack gap="md">
        <Text>
          <Trans>
            Le chrono de {minutes} minutes démarre dès maintenant et ne peut pas être mis en pause, même si vous fermez la page ou perdez la connexion.
          </Trans>
        </Text>
        {error ? (
          <Alert color="orange" role="alert" data-testid="start-error">
            {isNoConnection(error) ? t`Commencer l'examen a besoin d'une connexion à Internet. Réessayez une fois connecté.` : describeError(i18n, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Annuler</Trans>
          </Button>
          <Button onClick={onConfirm} loading={pending} data-testid="confirm-start">
            <Trans>Commencer</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
