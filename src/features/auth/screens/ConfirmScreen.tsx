import { useState } from "react";
import { Button, Stack, Text, Title } from "@mantine/core";
import { CodeInput, ResendCodeLink } from "@/components/CodeInput";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { VERIFICATION_CODE_LENGTH } from "@domain/constants";
import * as v from "valibot";
import { verificationCodeSchema } from "@domain/schemas/common";
import { ApiRequestError } from "@/lib/api";
import { useCodeForm } from "@/lib/forms";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { authKeys } from "../api/auth.keys";
import { useConfirmRegistrationMutation } from "../api/confirmRegistration";
import { meQueryOptions } from "@/lib/me";
import { useResendCodeMutation } from "../api/resendCode";
import { useResultToast } from "../components/useResultToast";
import { takeLoginQuery } from "../session";

const resendKey = (userId: number) => `resend_code_used:${userId}`;
const CodeFormSchema = v.object({ code: verificationCodeSchema });

/** The verification step: the 6-character code sent by SMS or e-mail, one resend, then Finish. */
export function ConfirmScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Vérification du compte`);
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useResultToast();
  const confirm = useConfirmRegistrationMutation();
  const resend = useResendCodeMutation();
  const [resendUsed, setResendUsed] = useState(() => localStorage.getItem(resendKey(me.id)) === "1");
  const destination = me.phone ?? me.email ?? "";

  const form = useCodeForm(CodeFormSchema, {
    serverField: "token",
    submit: async (code) => {
      try {
        await confirm.mutateAsync(code);
      } catch (err) {
        if (!(err instanceof ApiRequestError && err.code === "already_verified")) throw err;
        await queryClient.invalidateQueries({ queryKey: authKeys.me() });
        await navigate({ to: "/" });
        return;
      }
      toast.success(t`Vous êtes vérifié`);
      localStorage.removeItem(resendKey(me.id));
      await queryClient.invalidateQueries({ queryKey: authKeys.me() });
      await navigate({ href: takeLoginQuery() === "offres" ? "/offres" : "/" });
    },
    resend: async () => {
      await resend.mutateAsync();
      localStorage.setItem(resendKey(me.id), "1");
      setResendUsed(true);
      toast.success(t`Un nouveau code vous a été envoyé`);
    },
    onError: (err) => toast.error(err),
  });
  const valid = form.isValid();

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            <Trans>Vérifiez votre compte</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>
              Saisissez le code à {VERIFICATION_CODE_LENGTH} caractères envoyé à{" "}
              <Text span fw={600} dir="ltr">
                {destination}
              </Text>
              . Il est valable 10 minutes.
            </Trans>
          </Text>
        </div>
        <CodeInput
          length={VERIFICATION_CODE_LENGTH}
          kind="alphanumeric"
          size="lg"
          {...form.input}
          label={t`Code de vérification`}
          autoFocus="page"
        />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending} disabled={!valid || confirm.isPending}>
          <Trans>Terminer</Trans>
        </Button>
        {!resendUsed && <ResendCodeLink onResend={() => void form.sendAgain()} pending={resend.isPending} />}
      </Stack>
    </form>
  );
}
