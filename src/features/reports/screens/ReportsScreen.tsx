import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Badge.css";
import { Suspense, useEffect, useState } from "react";
import { ActionIcon, Badge, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { isReportEditable } from "@domain/account";
import { BREAKPOINT_MOBILE } from "@domain/constants";
import type { VideoReportDto } from "@domain/learning";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { DataTable, type DataColumn } from "@/components/DataTable";
import { useNeedsConnection } from "@/components/NeedsConnection";
import { TablePager } from "@/components/TablePager";
import { formatDate } from "@/lib/format";
import { useLocalized } from "@/lib/localized";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { videoReportsQueryOptions } from "../api/getVideoReports";
import { DeleteReportModal } from "../components/DeleteReportModal";
import { EditReportModal } from "../components/EditReportModal";
import { REPORT_STATUS_COLORS, REPORT_STATUS_LABELS } from "../components/labels";
import type { ReportsSearch } from "../search";

export interface ReportsScreenProps extends ReportsSearch {
  onChange: (next: ReportsSearch) => void;
}

/** /reports (SPEC §2 "Reports table"): the pupil's video reports, paged 10/25/100; edit and delete while pending. */
export function ReportsScreen(props: ReportsScreenProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Mes rapports`);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Mes rapports</Trans>
      </Title>
      <Suspense fallback={<Skeleton height={320} radius="md" />}>
        <ReportsPage {...props} />
      </Suspense>
    </Stack>
  );
}

/** What the route shows while the first page loads. */
export function ReportsScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Mes rapports</Trans>
      </Title>
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

function ReportsPage({ page, perPage, onChange }: ReportsScreenProps) {
  const { t, i18n } = useLingui();
  const l = useLocalized();
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE + 0.98}px)`, false, { getInitialValueInEffect: false });
  const { data, dataUpdatedAt } = useSuspenseQuery(videoReportsQueryOptions(page, perPage));
  const [editing, setEditing] = useState<VideoReportDto | null>(null);
  const [deleting, setDeleting] = useState<VideoReportDto | null>(null);
  const online = useNeedsConnection(<Trans>Modifier ou supprimer un rapport a besoin d'une connexion à Internet.</Trans>);
  // The last report of the last page deleted: show the page that is now the last.
  const beyond = data.items.length === 0 && data.meta.total > 0 && page > data.meta.last_page;
  useEffect(() => {
    if (beyond) onChange({ page: data.meta.last_page, perPage });
  }, [beyond, data.meta.last_page, perPage, onChange]);

  if (data.meta.total === 0 && data.items.length === 0) {
    return (
      <Stack gap="sm">
        <AvailabilityBadge updatedAt={dataUpdatedAt} />
        <Text c="dimmed" data-testid="reports-empty">
          <Trans>Pas d'historique</Trans>
        </Text>
      </Stack>
    );
  }

  const columns: DataColumn<VideoReportDto>[] = [
    { key: "id", header: t`ID`, cell: (r) => <bdi dir="ltr">{r.id}</bdi>, nowrap: true },
    { key: "reason", header: t`Raison`, cell: (r) => <bdi>{l(r.report_reason, "reason")}</bdi> },
    // The pupil's own words, in the language they were written in.
    { key: "report", header: t`Rapport`, cell: (r) => <bdi data-authored>{r.description}</bdi> },
    { key: "content", header: t`Contenu`, cell: (r) => <bdi>{l(r.content)}</bdi> },
    { key: "date", header: t`Date`, cell: (r) => formatDate(r.created_at), nowrap: true },
    { key: "reject", header: t`Motif du refus`, cell: (r) => (r.reject_reason ? <bdi data-authored>{r.reject_reason}</bdi> : "—") },
    {
      key: "status",
      header: t`Statut`,
      nowrap: true,
      cell: (r) => (
        <Badge color={REPORT_STATUS_COLORS[r.status] ?? "gray.7"} variant="filled" autoContrast tt="none" data-testid="report-status">
          {REPORT_STATUS_LABELS[r.status] ? i18n._(REPORT_STATUS_LABELS[r.status]) : r.status}
        </Badge>
      ),
    },
    {
      key: "action",
      header: t`Action`,
      cell: (r) => {
        const id = r.id;
        return isReportEditable(r) ? (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="light" size="lg" aria-label={t`Modifier le rapport n° ${id}`} onClick={() => online.guard(() => setEditing(r))} data-testid="report-edit">
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="light" color="red" size="lg" aria-label={t`Supprimer le rapport n° ${id}`} onClick={() => online.guard(() => setDeleting(r))} data-testid="report-delete">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          "—"
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      {online.notice}
      <DataTable columns={columns} rows={data.items} rowKey={(r) => r.id} asCards={isPhone} testId="reports-table" caption={t`Mes rapports`} minWidth={900} />
      <TablePager page={page} perPage={perPage} lastPage={data.meta.last_page} onChange={onChange} testId="reports-per-page" />
      {editing && <EditReportModal report={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteReportModal report={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
