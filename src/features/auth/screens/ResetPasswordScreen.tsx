import { Anchor, Stack } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { ResetPasswordForm } from "../components/ResetPasswordForm";

/** Forgot password, step 2: code, new password, confirmation; success goes to /login. */
export function ResetPasswordScreen({ credential }: { credential?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Réinitialiser le mot de passe`);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <FormHeader title={<Trans>Nouveau mot de passe</Trans>}>
        <Trans>Saisissez le code reçu puis choisissez votre nouveau mot de passe.</Trans>
      </FormHeader>
      <ResetPasswordForm credential={credential ?? ""} onDone={() => void navigate({ to: "/login" })} />
      <Anchor component={Link} to="/create/reset-password" size="sm" ta="center">
        <Trans>Renvoyer un code</Trans>
      </Anchor>
    </Stack>
  );
}
