import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ParentPhoneSchema } from "@domain/profile";
import { describeError } from "@/lib/i18n/errors";
import { useSchemaForm } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { useAddParentPhone } from "../api/addParentPhone";

/**
 * The add-parent-phone modal (SPEC §5: opens when the pupil has no parent phone, lives in Tunisia or nowhere known, and
 * holds an offer — `shouldAskParentPhone` of domain/profile.ts). On 200, `onSaved` (the route goes to /subjects).
 */
export function ParentPhoneModal({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const save = useAddParentPhone();
  const { form, field, applyServerErrors } = useSchemaForm(ParentPhoneSchema, {
    initialValues: { phone2: "" },
  });

  const submit = form.onSubmit(async ({ phone2 }) => {
    try {
      await save.mutateAsync(phone2.trim());
      toast.success(t`Le numéro de votre parent est enregistré`);
      onSaved();
    } catch (err) {
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Numéro de téléphone d'un parent`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="parent-phone-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>Ajoutez le numéro de téléphone de l'un de vos parents pour qu'il puisse suivre votre progression.</Trans>
          </Text>
          <TextInput
            label={t`Téléphone du parent`}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            required
            data-autofocus
            {...field("phone2")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Plus tard</Trans>
            </Button>
            <Button type="submit" loading={save.isPending}>
              <Trans>Enregistrer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
