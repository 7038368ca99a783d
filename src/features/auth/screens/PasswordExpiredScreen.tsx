import { useState } from "react";
import { Button, Stack, Stepper, Text, TextInput } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { isEmail, isTunisianPhone } from "@domain/schemas/common";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { FormHeader } from "../components/FormHeader";
import { useRequestPasswordMutation } from "../api/requestPassword";
import { ResetPasswordForm } from "../components/ResetPasswordForm";
import { useResultToast } from "../components/useResultToast";

/** Password expired: request a reset code, reset with it, then success with a way back home. */
export function PasswordExpiredScreen({ credential: initial }: { credential?: string | undefined }) {
  const { t } = useLingui();
  useDocumentTitle(t`Mot de passe expiré`);
  const [credential, setCredential] = useState(initial ?? "");
  const [step, setStep] = useState(0);
  const request = useRequestPasswordMutation();
  const toast = useResultToast();
  const validCredential = isEmail(credential.trim()) || isTunisianPhone(credential.trim());

  const sendCode = async () => {
    try {
      await request.mutateAsync(credential.trim());
      toast.success(t`Un code de réinitialisation vous a été envoyé`);
      setStep(1);
    } catch (err) {
      toast.error(err);
    }
  };

  return (
    <Stack gap="md">
      <FormHeader title={<Trans>Votre mot de passe a expiré</Trans>}>
        <Trans>Pour protéger votre compte, choisissez un nouveau mot de passe.</Trans>
      </FormHeader>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`Code`}>
          <Stack gap="md" mt="md">
            <TextInput
              label={t`E-mail ou numéro de téléphone`}
              dir="ltr"
              value={credential}
              onChange={(e) => setCredential(e.currentTarget.value)}
            />
            <Button onClick={() => void sendCode()} loading={request.isPending} disabled={!validCredential}>
              <Trans>Recevoir un code</Trans>
            </Button>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`Nouveau mot de passe`}>
          <Stack mt="md">
            <ResetPasswordForm credential={credential.trim()} onDone={() => setStep(2)} />
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" mt="md" align="center" ta="center">
            <Text fw={600}>
              <Trans>Votre mot de passe a été changé.</Trans>
            </Text>
            <Button component={Link} to="/login">
              <Trans>Retour à l'accueil</Trans>
            </Button>
          </Stack>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}
