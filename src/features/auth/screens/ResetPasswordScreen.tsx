import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { ResetPasswordForm } from "../components/ResetPasswordForm";

/** Forgot password, step 2: code, new password, confirmation; success goes to /login. */
export function ResetPasswordScreen({ credential }: { credential?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Réinitialiser le mot de passe`);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          <Trans>Nouveau mot de passe</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Saisissez le code reçu puis choisissez votre nouveau mot de passe.</Trans>
        </Text>
      </div>
      <ResetPasswordForm credential={credential ?? ""} onDone={() => void navigate({ to: "/login" })} />
      <Anchor component={Link} to="/create/reset-password" size="sm" ta="center">
        <Trans>Renvoyer un code</Trans>
      </Anchor>
    </Stack>
  );
}
