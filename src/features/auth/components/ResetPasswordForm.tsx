import { Button, Stack, TextInput } from "@mantine/core";
import { useLingui, Trans } from "@lingui/react/macro";
import { ResetPasswordSchema } from "@domain/schemas/auth";
import { PasswordField } from "@/components/PasswordField";
import { useSchemaForm } from "@/lib/forms";
import { useResetPasswordMutation } from "../api/resetPassword";
import { useBotCheck } from "./useBotCheck";
import { useResultToast } from "./useResultToast";

/** Code, new password and confirmation; shared by the reset page and the password-expired flow. */
export function ResetPasswordForm({ credential, onDone }: { credential: string; onDone: () => void }) {
  const { t } = useLingui();
  const reset = useResetPasswordMutation();
  const bot = useBotCheck();
  const toast = useResultToast();
  const { form, field, isValid, applyServerErrors } = useSchemaForm(ResetPasswordSchema, {
    initialValues: { token: "", credential, newPassword: "", retypePassword: "" },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, token: values.token.trim().toUpperCase(), "g-recaptcha-response": await bot.token() });
      toast.success(t`Le Mot de Passe est Modifié`);
      onDone();
    } catch (err) {
      bot.prepare();
      applyServerErrors(err);
      toast.error(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!credential && <TextInput label={t`E-mail ou numéro de téléphone`} dir="ltr" required {...field("credential")} />}
        <TextInput
          label={t`Code reçu`}
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={6}
          required
          {...field("token")}
        />
        <PasswordField
          label={t`Nouveau mot de passe`}
          description={t`8 à 16 caractères, avec majuscule, minuscule, chiffre et caractère spécial`}
          autoComplete="new-password"
          required
          {...field("newPassword")}
        />
        <PasswordField
          label={t`Confirmer le mot de passe`}
          autoComplete="new-password"
          required
          {...field("retypePassword")}
        />
        <Button type="submit" loading={reset.isPending} disabled={reset.isPending || !isValid()}>
          <Trans>Changer le mot de passe</Trans>
        </Button>
      </Stack>
    </form>
  );
}
