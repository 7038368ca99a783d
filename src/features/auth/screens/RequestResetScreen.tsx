import { Button, Group, Stack, TextInput } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { CredentialSchema } from "@domain/schemas/auth";
import { useSchemaForm } from "@/lib/forms";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { useRequestPasswordMutation } from "../api/requestPassword";
import { useResultToast } from "../components/useResultToast";

/** Forgot password, step 1: the phone or e-mail of the account. */
export function RequestResetScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Mot de passe oublié`);
  const navigate = useNavigate();
  const request = useRequestPasswordMutation();
  const toast = useResultToast();
  const { form, field, isValid, applyServerErrors } = useSchemaForm(CredentialSchema, { initialValues: { credentiel: "" } });

  const submit = form.onSubmit(async ({ credentiel }) => {
    try {
      await request.mutateAsync(credentiel);
      toast.success(t`Un code de réinitialisation vous a été envoyé`);
      await navigate({ to: "/reset-password", search: { credential: credentiel.trim() } });
    } catch (err) {
      applyServerErrors(err);
      toast.error(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormHeader title={<Trans>Mot de passe oublié</Trans>}>
          <Trans>Indiquez le numéro de téléphone ou l'adresse e-mail de votre compte : nous vous enverrons un code.</Trans>
        </FormHeader>
        <TextInput label={t`E-mail ou numéro de téléphone`} autoComplete="username" dir="ltr" required {...field("credentiel")} />
        <Group grow>
          <Button component={Link} to="/login" variant="default">
            <Trans>Annuler</Trans>
          </Button>
          <Button type="submit" loading={request.isPending} disabled={request.isPending || !isValid()}>
            <Trans>Envoyer le code</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
