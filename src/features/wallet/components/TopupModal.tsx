import { useRef, useState } from "react";
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { ceilToDinar, splitMillimes, tnd } from "@domain/money";
import { TOPUP_MAX } from "@domain/constants";
import { COMMENT_MAX, REFERENCE_MAX, TopupForm, type TopupMethod } from "@domain/schemas/wallet";
import type { D17PaymentDto, TopupCodeDto } from "@domain/wallet";
import { useSchemaForm } from "@/lib/forms";
import { describeError } from "@/lib/i18n/errors";
import { useSubmissionKey } from "@/lib/submissionKey";
import { toast } from "@/lib/toast";
import { useCreateTopup } from "../api/createTopup";
import { getD17Payment, getPaymentRedirect, submitHiddenForm } from "../api/payments";
import { rememberPaymentOrigin } from "../search";
import { walletKeys } from "../wallet.keys";
import { D17Step } from "./D17Step";
import classes from "./wallet.module.css";

export interface TopupModalProps {
  /** The method chosen, or null when the modal is closed. */
  method: TopupMethod | null;
  onClose: () => void;
  /** Points missing to buy an offer (millimes): the amount is filled with them, rounded up to the dinar. */
  missing?: number | undefined;
}

type Values = { amount: string; paymentMethod: TopupMethod; reference: string; comment: string };

/** The top-up modals of SPEC §2 ("payment by transfer/online/D17", "QR code"): one form, one per method. */
export function TopupModal({ method, onClose, missing }: TopupModalProps) {
  const { t } = useLingui();
  const titles: Record<TopupMethod, string> = {
    bank: t`Recharge par virement ou versement bancaire`,
    d17: t`Recharge par D17`,
    online: t`Paiement en ligne par carte bancaire`,
  };
  return (
    <Modal
      opened={method !== null}
      onClose={onClose}
      title={method ? titles[method] : ""}
      centered
      size="md"
      closeButtonProps={{ "aria-label": t`Fermer` }}
      data-testid="topup-modal"
    >
      {method && <TopupFlow key={method} method={method} onClose={onClose} missing={missing} />}
    </Modal>
  );
}

function TopupFlow({ method, onClose, missing }: { method: TopupMethod; onClose: () => void; missing?: number | undefined }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const create = useCreateTopup();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [d17, setD17] = useState<D17PaymentDto | null>(null);
  // One Idempotency-Key per request meant: a retry of the same values sends the same key and gets the same top-up;
  // once created, a retry of the next step (redirect, QR code) does not create another.
  const submission = useSubmissionKey();
  const createdRef = useRef<TopupCodeDto | null>(null);
  const suggested = missing ? Math.min(splitMillimes(ceilToDinar(missing)).dinars, TOPUP_MAX) : 0;
  const { form, field, applyServerErrors } = useSchemaForm<Values>(TopupForm, {
    initialValues: { amount: suggested ? String(suggested) : "", paymentMethod: method, reference: "", comment: "" },
    onValuesChange: () => {
      createdRef.current = null;
      setFailure(null);
    },
  });

  if (d17) {
    return <D17Step payment={d17} onDone={onClose} />;
  }

  const send = async (values: Values) => {
    setBusy(true);
    setFailure(null);
    try {
      let code = createdRef.current;
      if (!code) {
        const body = {
          amount: tnd(Number(values.amount)),
          paymentMethod: method,
          reference: method === "bank" ? values.reference.trim() : null,
          comment: values.comment.trim() || null,
        };
        code = await create.mutateAsync({ ...body, idempotencyKey: submission.keyFor(body) });
        createdRef.current = code;
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }
      if (method === "bank") {
        toast.success(t`Votre demande de recharge est enregistrée : elle sera validée dès réception du virement.`);
        onClose();
      } else if (method === "online") {
        const { url, data } = await getPaymentRedirect(code.id, i18n.locale);
        rememberPaymentOrigin(missing ? "offer" : "wallet");
        submitHiddenForm(url, data);
        return; // the page is leaving for the gateway: the button stays busy
      } else {
        setD17(await getD17Payment(code.id));
      }
    } catch (err) {
      if (!applyServerErrors(err)) setFailure(describeError(i18n, err));
    }
    setBusy(false);
  };

  const amount = field("amount");
  const reference = field("reference");
  const comment = field("comment");
  return (
    <form onSubmit={(e) => form.onSubmit(send)(e)} noValidate data-testid="topup-form">
      <Stack gap="md">
        {method === "bank" && (
          <Text size="sm">
            <Trans>Faites le virement ou le versement sur l'un de nos comptes, puis indiquez sa référence : vos points seront ajoutés après vérification.</Trans>
          </Text>
        )}
        {method === "d17" && (
          <Text size="sm">
            <Trans>Un QR code à scanner avec l'application D17 sera affiché.</Trans>
          </Text>
        )}
        {method === "online" && (
          <Text size="sm">
            <Trans>Vous allez être redirigé vers la page de paiement sécurisée de notre banque.</Trans>
          </Text>
        )}
        <TextInput
          label={t`Montant (DT)`}
          description={t`Saisissez le montant demandé en dinars (1pt = 1DT)`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          required
          data-autofocus
          data-testid="topup-amount"
          {...amount}
        />
        {method === "bank" && (
          <TextInput
            label={t`Référence du virement ou du versement`}
            autoComplete="off"
            maxLength={REFERENCE_MAX}
            required
            dir="ltr"
            data-testid="topup-reference"
            {...reference}
          />
        )}
        <Textarea label={t`Commentaire (facultatif)`} rows={2} maxLength={COMMENT_MAX} data-testid="topup-comment" {...comment} />
        {failure && (
          <Alert classNames={{ title: classes.alertTitle }} color="red" role="alert" data-testid="topup-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy && method === "online"}>
            <Trans>Annuler</Trans>
          </Button>
          <Button type="submit" loading={busy} data-testid="topup-submit">
            {method === "bank" ? <Trans>Envoyer la demande</Trans> : method === "d17" ? <Trans>Afficher le QR code</Trans> : <Trans>Payer</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
