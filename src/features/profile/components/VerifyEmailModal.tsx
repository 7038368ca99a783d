import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { CodeInput, ResendCodeLink } from "@/components/CodeInput";
import * as v from "valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { verificationCodeSchema } from "@domain/schemas/common";
import { useCodeForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { toast } from "@/lib/toast";
import { useAddEmail } from "../api/addEmail";
import { useConfirmCode } from "../api/confirmCode";
import { useBotToken } from "./useBotToken";

export interface VerifyEmailModalProps {
  opened: boolean;
  /** The address the code was sent to (the new e-mail); null for a new phone of the profile. */
  email: string | null;
  /** Shown in the text when it is not an e-mail (a new phone). */
  destination?: string;
  onClose: () => void;
  /** The code was right: the profile (`/auth/me`) is refreshed. */
  onVerified: () => void;
}

const CODE_LENGTH = 6;
const CodeFormSchema = v.object({ code: verificationCodeSchema });

/**
 * The verify-email modal (SPEC §2 modals): the 6-character code sent to the new e-mail (or phone) of the profile,
 * "Renvoyer le code", and `POST /user/confirm-code`.
 */
export function VerifyEmailModal({ opened, email, destination, onClose, onVerified }: VerifyEmailModalProps) {
  const { t, i18n } = useLingui();
  const confirm = useConfirmCode();
  const resend = useAddEmail();
  const bot = useBotToken(opened);
  const to = email ?? destination ?? "";
  const form = useCodeForm(CodeFormSchema, {
    serverField: "confirmationToken",
    submit: async (code) => {
      try {
        await confirm.mutateAsync({ confirmationToken: code, email: email ?? "", "g-recaptcha-response": await bot.token() });
      } catch (err) {
        bot.prepare();
        throw err;
      }
      toast.success(email ? t`Votre adresse e-mail est vérifiée` : t`Votre numéro de téléphone est vérifié`);
      onVerified();
    },
    resend: async () => {
      if (!email) return;
      await resend.mutateAsync(email);
      toast.success(t`Un nouveau code vous a été envoyé`);
    },
    onError: (err) => toast.error(describeError(i18n, err)),
  });

  const close = () => {
    form.clear();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t`Vérifier le code`} centered closeButtonProps={{ "aria-label": t`Fermer` }} data-testid="verify-email-modal">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Saisissez le code à {CODE_LENGTH} caractères envoyé à <bdi>{to}</bdi>. Il est valable 10 minutes.
            </Trans>
          </Text>
          <CodeInput
            length={CODE_LENGTH}
            kind="alphanumeric"
            {...form.input}
          />
          {email && <ResendCodeLink onResend={() => void form.sendAgain()} pending={resend.isPending} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              <Trans>Vérifier</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
