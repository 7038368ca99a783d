import { Badge, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import type { DivisionChangeDto } from "@domain/profile";
import { DataTable, type DataColumn } from "@/components/DataTable";
import { formatDate } from "@/lib/format";
import { STATUS_COLOR, STATUS_LABEL } from "../labels";
import { useRefName } from "./ProfileInfo";

/**
 * The pupil's class-change requests: when, from which class to which, why, and where each stands. A table from 600 px;
 * on a phone one card per request (five columns of class names do not fit 412 px, and a sideways scroll hid the status).
 */
export function ClassChangesTable({ changes }: { changes: DivisionChangeDto[] }) {
  const { i18n, t } = useLingui();
  const name = useRefName();
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const columns: ReadonlyArray<DataColumn<DivisionChangeDto>> = [
    { key: "date", header: <Trans>Date</Trans>, cell: (c) => formatDate(c.created_at), nowrap: true },
    { key: "old", header: <Trans>Ancienne classe</Trans>, cell: (c) => name(c.old_division) },
    { key: "new", header: <Trans>Nouvelle classe</Trans>, cell: (c) => name(c.new_division) },
    {
      key: "reason",
      header: <Trans>Motif</Trans>,
      cell: (c) => (
        <>
          {name(c.reason)}
          {c.reason2 ? (
            <>
              {" — "}
              <bdi>{c.reason2}</bdi>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: "status",
      header: <Trans>Statut</Trans>,
      cell: (c) => (
        <Badge color={STATUS_COLOR[c.status]} variant="filled" autoContrast>
          {i18n._(STATUS_LABEL[c.status])}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap={4} mt="md">
      <Text fw={600} size="sm" id="class-changes-title">
        <Trans>Demandes de changement de classe</Trans>
      </Text>
      <DataTable columns={columns} rows={changes} rowKey={(c) => c.id} asCards={isPhone} testId="class-changes" caption={t`Demandes de changement de classe`} minWidth={560} />
    </Stack>
  );
}
