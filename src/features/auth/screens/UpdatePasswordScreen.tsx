import { Button, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChangePasswordSchema } from "@domain/schemas/auth";
import { PasswordField } from "@/components/PasswordField";
import { useSchemaForm } from "@/lib/forms";
import { replaceToken } from "@/lib/session";
import { toast as toasts } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { authKeys } from "../api/auth.keys";
import { useChangePasswordMutation } from "../api/changePassword";
import { useBotCheck } from "../components/useBotCheck";
import { useResultToast } from "../components/useResultToast";

/** The forced password change (/update-password): old, new, confirmation. */
export function UpdatePasswordScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Changer le mot de passe`);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const change = useChangePasswordMutation();
  const bot = useBotCheck();
  const toast = useResultToast();
  const { form, field, isValid, applyServerErrors } = useSchemaForm(ChangePasswordSchema, {
    initialValues: { oldPassword: "", newPassword: "", new_password_confirmation: "" },
  });

  const submit = form.onSubmit(async (values) => {
    const progress = "password-progress";
    toasts.show({ id: progress, message: t`En traitement...`, loading: true, autoClose: false });
    try {
      const result = await change.mutateAsync({ ...values, "g-recaptcha-response": await bot.token() });
      replaceToken(result.token, result.expires_at);
      toasts.hide(progress);
      toast.success(t`Le Mot de Passe est Modifié`);
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
      await navigate({ to: "/" });
    } catch (err) {
      toasts.hide(progress);
      bot.prepare();
      applyServerErrors(err);
      toast.error(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormHeader title={<Trans>Changez votre mot de passe</Trans>}>
          <Trans>Votre mot de passe doit être changé avant de continuer.</Trans>
        </FormHeader>
        <PasswordField label={t`Ancien mot de passe`} autoComplete="current-password" required {...field("oldPassword")} />
        <PasswordField
          label={t`Nouveau mot de passe`}
          description={t`8 à 16 caractères, avec majuscule, minuscule, chiffre et caractère spécial, sans répéter un caractère trois fois de suite`}
          autoComplete="new-password"
          required
         
          {...field("newPassword")}
        />
        <PasswordField
          label={t`Confirmer le nouveau mot de passe`}
          autoComplete="new-password"
          required
         
          {...field("new_password_confirmation")}
        />
        <Button type="submit" loading={change.isPending} disabled={change.isPending || !isValid()}>
          <Trans>Enregistrer</Trans>
        </Button>
      </Stack>
    </form>
  );
}
