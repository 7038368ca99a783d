import "@mantine/core/styles/Badge.css";
import { Badge } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** Pending (null), approved (true) or refused (false): SPEC §3 "Parent request". */
export function ParentRequestStatus({ approved }: { approved: boolean | null }) {
  if (approved === null) {
    return (
      <Badge color="yellow" variant="filled" autoContrast tt="none" data-testid="parent-request-status" data-status="pending">
        <Trans>En attente</Trans>
      </Badge>
    );
  }
  return approved ? (
    <Badge color="teal.9" variant="filled" tt="none" data-testid="parent-request-status" data-status="approved">
      <Trans>Approuvée</Trans>
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled" tt="none" data-testid="parent-request-status" data-status="refused">
      <Trans>Refusée</Trans>
    </Badge>
  );
}
