import { useMemo, useState } from "react";
import { Anchor, Stack, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SubscriptionHistoryDto } from "@domain/account";
import type { AttendanceRowDto } from "@domain/events";
import { DEFAULT_PAGE_SIZE } from "@domain/constants";
import type { BookmarkDto } from "@domain/learning";
import type { TransferDto } from "@domain/schemas/transfers";
import type { DataColumn } from "@/components/DataTable";
import { bookmarksQueryOptions } from "@/lib/bookmarks";
import { formatDate } from "@/lib/format";
import { useFormatMillimes } from "@/lib/i18n/labels";
import { useLocalized } from "@/lib/localized";
import { viewerLink } from "@/lib/links";
import { transferHistoryQueryOptions } from "@/lib/transfers";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { attendanceQueryOptions } from "../api/getAttendance";
import { divisionChangesQueryOptions, type DivisionChangeRow } from "../api/getDivisionChanges";
import { subscriptionsQueryOptions } from "../api/getSubscriptions";
import { HistorySection, type PageState } from "../components/HistorySection";
import { StatusBadge } from "../components/StatusBadge";
import { PersonName } from "@/lib/displayName";

const FIRST: PageState = { page: 1, perPage: DEFAULT_PAGE_SIZE };

/** "1 h 05 min", "12 min", "45 s" from seconds. */
function useDuration() {
  const { t } = useLingui();
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const mm = String(m).padStart(2, "0");
    if (h > 0) return t`${h} h ${mm} min`;
    if (m > 0) return t`${m} min`;
    return t`${s} s`;
  };
}

/** One page of a list that comes whole, the page asked for kept within the last one. */
function pageOfList<T>(all: T[] | undefined, paging: PageState) {
  if (!all) return undefined;
  const total = all.length;
  const lastPage = Math.max(1, Math.ceil(total / paging.perPage));
  const page = Math.min(paging.page, lastPage);
  const items = all.slice((page - 1) * paging.perPage, page * paging.perPage);
  return { items, meta: { current_page: page, last_page: lastPage, total } };
}

/**
 * /historique (SPEC §2 "History tables"): bookmarks, subscriptions, class-change requests, point transfers and
 * live-session attendance, each its own table with its own paging (10 rows by default, 10/25/100) and empty state.
 */
export function HistoryScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Historique`);
  const l = useLocalized();
  const money = useFormatMillimes();
  const duration = useDuration();

  const [bookmarksPage, setBookmarksPage] = useState(FIRST);
  const [subscriptionsPage, setSubscriptionsPage] = useState(FIRST);
  const [divisionPage, setDivisionPage] = useState(FIRST);
  const [transfersPage, setTransfersPage] = useState(FIRST);
  const [attendancePage, setAttendancePage] = useState(FIRST);

  // The bookmarks page's and the wallet's own queries: a bookmark toggled or a transfer confirmed shows here at once.
  const bookmarks = useQuery({ ...bookmarksQueryOptions(bookmarksPage.page, bookmarksPage.perPage), placeholderData: keepPreviousData });
  const subscriptions = useQuery(subscriptionsQueryOptions(subscriptionsPage.page, subscriptionsPage.perPage));
  const divisionAll = useQuery(divisionChangesQueryOptions());
  const transfers = useQuery({ ...transferHistoryQueryOptions(transfersPage.page, transfersPage.perPage), placeholderData: keepPreviousData });
  const attendance = useQuery(attendanceQueryOptions(attendancePage.page, attendancePage.perPage));

  // The class-change requests come as one list: paged here.
  const divisionData = useMemo(() => pageOfList(divisionAll.data, divisionPage), [divisionAll.data, divisionPage]);

  const bookmarkColumns: DataColumn<BookmarkDto>[] = [
    {
      key: "content",
      header: t`Leçon`,
      cell: (b) => (
        // `renderRoot`, not `component`: the router then types the link's params.
        <Anchor renderRoot={(props) => <Link {...props} {...viewerLink(b.subject.slug, b.chapter.slug, b.content.slug, "course")} />} dir="auto">
          {l(b.content)}
        </Anchor>
      ),
    },
    { key: "chapter", header: t`Chapitre`, cell: (b) => <bdi>{l(b.chapter)}</bdi> },
    { key: "subject", header: t`Matière`, cell: (b) => <bdi>{l(b.subject)}</bdi> },
    { key: "date", header: t`Date`, cell: (b) => formatDate(b.marked_at), nowrap: true },
  ];
  const subscriptionColumns: DataColumn<SubscriptionHistoryDto>[] = [
    { key: "offer", header: t`Offre`, cell: (s) => <bdi>{s.offer ? l(s.offer) : l(s.group)}</bdi> },
    { key: "amount", header: t`Montant (points)`, cell: (s) => <bdi dir="ltr">{money(s.amount_paid)}</bdi>, nowrap: true },
    { key: "start", header: t`Début`, cell: (s) => formatDate(s.start_date), nowrap: true },
    { key: "end", header: t`Fin`, cell: (s) => (s.refunded ? t`Remboursé` : formatDate(s.end_date)), nowrap: true },
  ];
  const divisionColumns: DataColumn<DivisionChangeRow>[] = [
    { key: "old", header: t`Ancienne classe`, cell: (d) => (d.old_division ? l(d.old_division) : "—") },
    { key: "new", header: t`Nouvelle classe`, cell: (d) => l(d.new_division) },
    { key: "reason", header: t`Motif`, cell: (d) => <bdi>{d.reason2 ? `${l(d.reason)} : ${d.reason2}` : l(d.reason)}</bdi> },
    { key: "status", header: t`Statut`, cell: (d) => <StatusBadge status={d.status} />, nowrap: true },
    { key: "date", header: t`Date`, cell: (d) => formatDate(d.created_at), nowrap: true },
  ];
  const transferColumns: DataColumn<TransferDto>[] = [
    { key: "direction", header: t`Type`, cell: (x) => (x.direction === "sent" ? t`Envoyé` : t`Reçu`) },
    { key: "who", header: t`Bénéficiaire / expéditeur`, cell: (x) => <PersonName name={x.direction === "sent" ? x.to_user.name : x.from_user.name} /> },
    { key: "points", header: t`Points`, cell: (x) => <bdi dir="ltr">{money(x.points)}</bdi>, nowrap: true },
    { key: "status", header: t`Statut`, cell: (x) => <StatusBadge status={x.status} />, nowrap: true },
    { key: "date", header: t`Date`, cell: (x) => formatDate(x.updated_at), nowrap: true },
  ];
  const attendanceColumns: DataColumn<AttendanceRowDto>[] = [
    { key: "date", header: t`Date`, cell: (a) => formatDate(a.session_start_date), nowrap: true },
    { key: "title", header: t`Séance`, cell: (a) => <bdi>{a.title}</bdi> },
    { key: "duration", header: t`Durée de présence`, cell: (a) => duration(a.attendance_duration), nowrap: true },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Historique</Trans>
      </Title>
      <AvailabilityBadge
        updatedAt={[bookmarks.dataUpdatedAt, subscriptions.dataUpdatedAt, divisionAll.dataUpdatedAt, transfers.dataUpdatedAt, attendance.dataUpdatedAt]}
      />
      <HistorySection
        id="bookmarks"
        title={t`Favoris`}
        empty={t`Aucun favori pour le moment`}
        columns={bookmarkColumns}
        rowKey={(b) => b.id}
        query={bookmarks}
        paging={bookmarksPage}
        onPaging={setBookmarksPage}
      />
      <HistorySection
        id="subscriptions"
        title={t`Abonnements`}
        empty={t`Aucun abonnement pour le moment`}
        columns={subscriptionColumns}
        rowKey={(s) => s.id}
        query={subscriptions}
        paging={subscriptionsPage}
        onPaging={setSubscriptionsPage}
      />
      <HistorySection
        id="division-changes"
        title={t`Demandes de changement de classe`}
        empty={t`Aucune demande de changement de classe`}
        columns={divisionColumns}
        rowKey={(d) => d.id}
        query={{ isPending: divisionAll.isPending, isError: divisionAll.isError, error: divisionAll.error, data: divisionData }}
        paging={divisionPage}
        onPaging={setDivisionPage}
      />
      <HistorySection
        id="transfers"
        title={t`Transferts de points`}
        empty={t`Aucun transfert pour le moment`}
        columns={transferColumns}
        rowKey={(x) => x.id}
        query={transfers}
        paging={transfersPage}
        onPaging={setTransfersPage}
      />
      <HistorySection
        id="attendance"
        title={t`Présence aux séances en direct`}
        empty={t`Aucune séance suivie pour le moment`}
        columns={attendanceColumns}
        rowKey={(a) => a.event_id ?? `${a.session_start_date}-${a.title}`}
        query={attendance}
        paging={attendancePage}
        onPaging={setAttendancePage}
      />
    </Stack>
  );
}
