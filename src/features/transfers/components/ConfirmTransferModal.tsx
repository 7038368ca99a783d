import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { CodeInput, ResendCodeLink } from "@/components/CodeInput";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmTransferFormSchema, type TransferDto } from "@domain/schemas/transfers";
import { useCodeForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import { toast } from "@/lib/toast";
import { useConfirmTransfer } from "../api/confirmTransfer";
import { useResendTransferCode } from "../api/resendTransferCode";
import { useSubmissionKey } from "@/lib/submissionKey";
import { PersonName, useNameOf } from "@/lib/displayName";

const CODE_LENGTH = 6;

/**
 * The confirm-transfer-point dialog (SPEC §2 modals, §4 "Point transfer"): the 6-digit code sent to the pupil, a
 * "Renvoyer le code" link, and the confirmation that moves the points. On success: a toast, the balance and the
 * history refreshed (by the mutation), and `onDone`.
 */
export function ConfirmTransferModal({ transfer, onClose, onDone }: { transfer: TransferDto | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const format = useFormatMillimes();
  const pointsWord = usePointsWord(transfer?.points ?? 0);
  const confirm = useConfirmTransfer();
  const resend = useResendTransferCode();
  const submission = useSubmissionKey();
  const amount = transfer ? format(transfer.points) : "";
  const nameOf = useNameOf();
  const receiverName = transfer ? nameOf(transfer.to_user.name) : "";
  const receiver = transfer ? <PersonName name={transfer.to_user.name} /> : null;
  const form = useCodeForm(ConfirmTransferFormSchema, {
    serverField: "confirmationToken",
    submit: async (code) => {
      if (!transfer) return;
      const body = { transferId: transfer.id, code };
      try {
        await confirm.mutateAsync({ ...body, idempotencyKey: submission.keyFor(body) });
      } catch (err) {
        submission.settle(err);
        throw err;
      }
      submission.settle();
      toast.success(t`Transfert effectué : ${amount} ${pointsWord} envoyés à ${{ receiver: receiverName }}.`);
      onDone();
    },
    resend: async () => {
      if (!transfer) return;
      await resend.mutateAsync(transfer.id);
      toast.success(t`Un nouveau code vous a été envoyé`);
    },
    onError: (err) => toast.error(describeError(i18n, err)),
  });

  const close = () => {
    form.clear();
    onClose();
  };

  return (
    <Modal
      opened={transfer !== null}
      onClose={close}
      title={t`Confirmer le transfert`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="confirm-transfer-modal"
    >
      {transfer && (
        <form noValidate onSubmit={form.onSubmit}>
          <Stack gap="md">
            <Text size="sm">
              <Trans>
                Saisissez le code à {CODE_LENGTH} chiffres qui vous a été envoyé pour confirmer le transfert de{" "}
                <Text span fw={700}>
                  {amount} {pointsWord}
                </Text>{" "}
                à <bdi>{receiver}</bdi>. Il est valable 10 minutes.
              </Trans>
            </Text>
            <CodeInput
              length={CODE_LENGTH}
              kind="digits"
              {...form.input}
              label={t`Code de confirmation`}
            />
            <ResendCodeLink onResend={() => void form.sendAgain()} pending={resend.isPending} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                <Trans>Annuler</Trans>
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                <Trans>Confirmer</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
