import "@mantine/core/styles/Modal.css";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

export interface ConfirmDeleteHomeworkModalProps {
  /** The file about to be deleted, or null when the dialog is closed. */
  fileName: string | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A sent homework file is deleted only once the pupil confirms: a slip of the thumb during a timed exam costs a re-send. */
export function ConfirmDeleteHomeworkModal({ fileName, pending, onConfirm, onClose }: ConfirmDeleteHomeworkModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      opened={fileName !== null}
      onClose={pending ? () => undefined : onClose}
      title={t`Supprimer ce fichier ?`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="confirm-delete-homework"
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: "anywhere" }}>
          <Trans>Le fichier « {fileName} » sera retiré de votre devoir. Vous pourrez en envoyer un autre tant que l'examen est en cours.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            <Trans>Garder le fichier</Trans>
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-testid="confirm-delete">
            <Trans>Supprimer</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
