import "@mantine/core/styles/Pagination.css";
import "@mantine/core/styles/Skeleton.css";
import { useState } from "react";
import { Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import type { TransferDto } from "@domain/schemas/transfers";
import { describeError } from "@/lib/i18n/errors";
import { transferHistoryQueryOptions } from "@/lib/transfers";
import { ConfirmTransferModal } from "./ConfirmTransferModal";
import { TransferModal } from "./TransferModal";
import { TransferRow } from "./TransferRow";
import classes from "./transfers.module.css";

const PER_PAGE = 10;

/**
 * Point transfers on the wallet page (SPEC §2 /porte-monnaie "transfer link", §4 "Point transfer"): the "Transférer
 * des points" button (transfer dialog, then the confirmation with the code), and the history of transfers sent and
 * received, where the sender confirms a pending one. `withTitle={false}` leaves the heading to the page that mounts it;
 * `onConfirmed` lets it refresh what else shows the points (the balance and this history refresh themselves).
 */
export function TransfersPanel({ withTitle = true, onConfirmed }: { withTitle?: boolean; onConfirmed?: () => void } = {}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [transferOpen, setTransferOpen] = useState(false);
  const [confirming, setConfirming] = useState<TransferDto | null>(null);
  const history = useQuery(transferHistoryQueryOptions(page, PER_PAGE));

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      component={withTitle ? "section" : "div"}
      aria-labelledby={withTitle ? "transfers-title" : undefined}
      data-testid="transfers-panel"
    >
      <Stack gap="md">
        <Group justify={withTitle ? "space-between" : "flex-start"} align="center" gap="sm">
          {withTitle && (
            <Title order={2} fz="h3" id="transfers-title">
              <Trans>Transferts de points</Trans>
            </Title>
          )}
          <Button leftSection={<IconArrowsExchange size={18} aria-hidden />} onClick={() => setTransferOpen(true)} data-testid="open-transfer">
            <Trans>Transférer des points</Trans>
          </Button>
        </Group>
        {history.isPending ? (
          <Skeleton height={160} radius="md" data-testid="transfers-loading" />
        ) : history.isError ? (
          <Text c="red.9" role="alert">
            {describeError(i18n, history.error)}
          </Text>
        ) : history.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="transfers-empty">
            <Trans>Aucun transfert pour le moment</Trans>
          </Text>
        ) : (
          <>
            <ul className={classes.list} aria-label={t`Historique des transferts`}>
              {history.data.items.map((transfer) => (
                <TransferRow key={transfer.id} transfer={transfer} onConfirm={setConfirming} />
              ))}
            </ul>
            {history.data.meta.last_page > 1 && (
              <nav aria-label={t`Pagination des transferts`}>
                <Pagination
                  total={history.data.meta.last_page}
                  value={page}
                  onChange={setPage}
                  getItemProps={(n) => ({ "aria-label": t`Page ${n}`, "aria-current": n === page ? "page" : undefined })}
                  getControlProps={(control) =>
                    control === "previous" ? { "aria-label": t`Page précédente` } : control === "next" ? { "aria-label": t`Page suivante` } : {}
                  }
                />
              </nav>
            )}
          </>
        )}
      </Stack>
      <TransferModal
        opened={transferOpen}
        onClose={() => setTransferOpen(false)}
        onStarted={(transfer) => {
          setTransferOpen(false);
          setConfirming(transfer);
        }}
      />
      <ConfirmTransferModal
        transfer={confirming}
        onClose={() => setConfirming(null)}
        onDone={() => {
          setConfirming(null);
          onConfirmed?.();
        }}
      />
    </Paper>
  );
}
