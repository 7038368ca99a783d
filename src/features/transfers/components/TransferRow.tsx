import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Card.css";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { TransferDto } from "@domain/schemas/transfers";
import { formatDate } from "@/lib/format";
import { PersonName } from "@/lib/displayName";
import { useFormatMillimes, usePointsWord } from "@/lib/i18n/labels";
import classes from "./transfers.module.css";

/**
 * One transfer of the history (SPEC §4): "Transfert" for one the pupil sent, "Reçu" for one received; its state
 * "Waiting for Confirm", "Action Confirmed", or for the sender of a pending one the "Confirm this action" button.
 */
export function TransferRow({ transfer, onConfirm }: { transfer: TransferDto; onConfirm: (t: TransferDto) => void }) {
  const format = useFormatMillimes();
  const pointsWord = usePointsWord(transfer.points);
  const sent = transfer.direction === "sent";
  const counterpart = <PersonName name={sent ? transfer.to_user.name : transfer.from_user.name} />;
  return (
    <Card withBorder radius="md" padding="sm" component="li" data-testid="transfer-row" data-status={transfer.status}>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={2} className={classes.main}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700}>{sent ? <Trans>Transfert</Trans> : <Trans>Reçu</Trans>}</Text>
            <Text fw={700} c={sent ? "red.9" : "teal.9"} className={classes.amount}>
              <bdi dir="ltr">
                {sent ? "−" : "+"}
                {format(transfer.points)}
              </bdi>{" "}
              {pointsWord}
            </Text>
          </Group>
          <Text size="sm" dir="auto">
            {sent ? <Trans>À {counterpart}</Trans> : <Trans>De {counterpart}</Trans>}
          </Text>
          <Text size="xs" c="dimmed" className={classes.date}>
            {formatDate(transfer.updated_at)}
          </Text>
        </Stack>
        {transfer.status === "confirmed" ? (
          <Badge variant="transparent" size="lg" className={`${classes.badge} ${classes.confirmed}`}>
            <Trans>Action confirmée</Trans>
          </Badge>
        ) : transfer.status === "pending" && sent ? (
          <Button size="sm" variant="filled" onClick={() => onConfirm(transfer)} data-testid="confirm-transfer-button">
            <Trans>Confirmer cette action</Trans>
          </Button>
        ) : transfer.status === "pending" ? (
          <Badge variant="transparent" size="lg" className={`${classes.badge} ${classes.waiting}`}>
            <Trans>En attente de confirmation</Trans>
          </Badge>
        ) : (
          <Badge variant="transparent" size="lg" className={`${classes.badge} ${classes.cancelled}`}>
            <Trans>Annulé</Trans>
          </Badge>
        )}
      </Group>
    </Card>
  );
}
