import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { TRANSFER_MAX, TRANSFER_MIN } from "@domain/constants";
import { tnd } from "@domain/money";
import { TransferFormSchema, type TransferDto } from "@domain/schemas/transfers";
import { ApiRequestError } from "@/lib/api";
import { useSchemaForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { getSession } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useStartTransfer } from "../api/startTransfer";
import { useSubmissionKey } from "@/lib/submissionKey";

interface Values extends Record<string, unknown> {
  toUser: string;
  points: string;
}

/**
 * The transfer-point dialog (SPEC §2 modals, §5 "Transfer"): the beneficiary's phone or e-mail and a whole number of
 * points from 10 to 5000. Nothing is debited here: the server sends a code to the pupil, and `onStarted` opens the
 * confirmation with it.
 */
export function TransferModal({ opened, onClose, onStarted }: { opened: boolean; onClose: () => void; onStarted: (transfer: TransferDto) => void }) {
  const { t, i18n } = useLingui();
  const start = useStartTransfer();
  const submission = useSubmissionKey();
  const { form, field, applyServerErrors } = useSchemaForm<Values>(TransferFormSchema, { initialValues: { toUser: "", points: "" } });

  const submit = form.onSubmit(async (values) => {
    const body = { toUser: values.toUser.trim(), points: tnd(Number(values.points.trim())), admin: getSession()?.adminUserId ?? null };
    try {
      const transfer = await start.mutateAsync({ ...body, idempotencyKey: submission.keyFor(body) });
      submission.settle();
      form.setFieldValue("toUser", "");
      form.setFieldValue("points", "");
      onStarted(transfer);
    } catch (err) {
      submission.settle(err);
      if (err instanceof ApiRequestError && err.code === "insufficient_balance") form.setErrors({ points: "insufficient_balance" });
      else if (!applyServerErrors(err)) toast.error(describeError(i18n, err));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Transférer des points`}
      centered
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="transfer-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>Un code de confirmation vous sera envoyé : les points ne partent qu'une fois le code saisi.</Trans>
          </Text>
          <TextInput
            label={t`Bénéficiaire`}
            description={t`Numéro de téléphone ou adresse e-mail de l'élève`}
            autoComplete="off"
            inputMode="email"
            dir="ltr"
            required
            data-autofocus
            {...field("toUser")}
          />
          <TextInput
            label={t`Nombre de points`}
            description={t`Entre ${TRANSFER_MIN} et ${TRANSFER_MAX} points`}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            {...field("points")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Annuler</Trans>
            </Button>
            <Button type="submit" loading={start.isPending}>
              <Trans>Continuer</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
