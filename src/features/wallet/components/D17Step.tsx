import "@mantine/core/styles/Skeleton.css";
import { useEffect, useState } from "react";
import { Alert, Anchor, Button, Center, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { D17PaymentDto } from "@domain/wallet";
import { describeError } from "@/lib/i18n/errors";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { meKey } from "@/lib/me";
import { toast } from "@/lib/toast";
import { checkD17Payment } from "../api/payments";
import { walletKeys } from "../wallet.keys";
import classes from "./wallet.module.css";

const QR_SIZE = 240;

/** The QR code of a D17 payment (the `qrcode` library is fetched only when one is shown). */
function D17QrCode({ url }: { url: string }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((qr) =>
      qr.toDataURL(url, { width: QR_SIZE, margin: 2, errorCorrectionLevel: "M" }).then((data) => {
        if (live) setSrc(data);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Center>
      {src ? (
        <img src={src} width={QR_SIZE} height={QR_SIZE} alt={t`QR code du paiement D17`} data-testid="d17-qr" data-url={url} />
      ) : (
        <Skeleton width={QR_SIZE} height={QR_SIZE} radius="sm" />
      )}
    </Center>
  );
}

/** The QR code step: scan with D17, pay, then "Continuer" asks the server (which asks D17) and credits once. */
export function D17Step({ payment, onDone }: { payment: D17PaymentDto; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const fmt = useFormatMillimes();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const amount = fmt(payment.amount);
  const [notice, setNotice] = useState<{ color: "blue" | "red"; text: string } | null>(null);

  const check = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const state = await checkD17Payment(payment.id, crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (state.status === "approved") {
        void queryClient.invalidateQueries({ queryKey: meKey });
        const credited = fmt(state.amount);
        toast.success(t`Paiement reçu : ${credited} points ajoutés à votre porte-monnaie.`);
        onDone();
        return;
      }
      setNotice(
        state.status === "pending"
          ? { color: "blue", text: t`Le paiement n'est pas encore confirmé. Payez avec D17, puis appuyez de nouveau sur Continuer.` }
          : { color: "red", text: t`La transaction n'a pas pu aboutir, veuillez réessayer plus tard` },
      );
    } catch (err) {
      setNotice({ color: "red", text: describeError(i18n, err) });
    }
    setBusy(false);
  };

  return (
    <Stack gap="md" data-testid="d17-step">
      <Text size="sm">
        <Trans>
          Scannez ce QR code avec l'application D17 et payez {amount} DT, puis appuyez sur « Continuer ».
        </Trans>
      </Text>
      <D17QrCode url={payment.url} />
      <Text size="sm" ta="center">
        <Anchor href={payment.url} target="_blank" rel="noopener" data-testid="d17-link">
          <Trans>Ouvrir la page de paiement D17</Trans>
        </Anchor>
      </Text>
      {notice && (
        <Alert classNames={{ title: classes.alertTitle }} color={notice.color} role="status" data-testid="d17-notice">
          {notice.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void check()} loading={busy} data-testid="d17-continue">
          <Trans>Continuer</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
