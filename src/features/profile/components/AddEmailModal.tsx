import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { AddEmailSchema } from "@domain/profile";
import { describeError } from "@/lib/i18n/errors";
import { useSchemaForm } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { useAddEmail } from "../api/addEmail";

export interface AddEmailModalProps {
  opened: boolean;
  onClose: () => void;
  /** The code went to `email`: open the verify-e-mail modal with it. */
  onSent: (email: string) => void;
}

/**
 * The add-email modal (SPEC §2 modals, §5 "Email for sessions": non-empty, no spaces, not numeric): the pupil types an
 * e-mail, `PUT /user/add-email` sends a code to it, then `onSent(email)`.
 */
export function AddEmailModal({ opened, onClose, onSent }: AddEmailModalProps) {
  const { t, i18n } = useLingui();
  const add = useAddEmail();
  const { form, field, applyServerErrors } = useSchemaForm(AddEmailSchema, {
    initialValues: { email: "" },
  });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      const sent = await add.mutateAsync(email.trim());
      onSent(sent.credential);
    } catch (err) {
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Ajouter une adresse e-mail`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="add-email-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>Une adresse e-mail est nécessaire pour participer aux séances en direct. Nous vous enverrons un code pour la vérifier.</Trans>
          </Text>
          <TextInput label={t`Adresse e-mail`} type="email" autoComplete="email" inputMode="email" required data-autofocus {...field("email")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={add.isPending}>
              <Trans>Envoyer le code</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
