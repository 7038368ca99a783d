import { Button, Group, Modal, Stack } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChangePasswordSchema } from "@domain/schemas/auth";
import { PasswordField } from "@/components/PasswordField";
import { describeError } from "@/lib/i18n/errors";
import { useSchemaForm } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/changePassword";
import { useBotToken } from "./useBotToken";

/**
 * The change-password modal (SPEC §5 "Change password": all three required, complexity, no character three times in a
 * row, at most 16, confirmation equal, new differs from old; bot-check token sent): "En traitement..." while it runs,
 * then "Le Mot de Passe est Modifié".
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const change = useChangePassword();
  const bot = useBotToken(opened);
  const initialValues = {
    oldPassword: "",
    newPassword: "",
    new_password_confirmation: "",
  };
  const { form, field, applyServerErrors } = useSchemaForm(ChangePasswordSchema, { initialValues });

  const close = () => {
    form.setFieldValue("oldPassword", "");
    form.setFieldValue("newPassword", "");
    form.setFieldValue("new_password_confirmation", "");
    form.setErrors({});
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    const progress = "profile-password-progress";
    toast.show({
      id: progress,
      message: t`En traitement...`,
      loading: true,
      autoClose: false,
    });
    try {
      await change.mutateAsync({
        ...values,
        "g-recaptcha-response": await bot.token(),
      });
      toast.hide(progress);
      toast.success(t`Le Mot de Passe est Modifié`);
      close();
    } catch (err) {
      toast.hide(progress);
      bot.prepare();
      if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Changer le mot de passe`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="change-password-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField label={t`Ancien mot de passe`} autoComplete="current-password" required data-autofocus {...field("oldPassword")} />
          <PasswordField
            label={t`Nouveau mot de passe`}
            description={t`8 à 16 caractères, avec majuscule, minuscule, chiffre et caractère spécial, sans répéter un caractère trois fois de suite`}
            autoComplete="new-password"
            required
            {...field("newPassword")}
          />
          <PasswordField label={t`Confirmer le nouveau mot de passe`} autoComplete="new-password" required {...field("new_password_confirmation")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={change.isPending}>
              <Trans>Enregistrer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
