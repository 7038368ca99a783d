import "@mantine/core/styles/Tabs.css";
import { Alert, Stack, Tabs, Title } from "@mantine/core";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { AvailabilityBadge } from "@/components/AvailabilityBadge";
import { isNoConnection, NeedsConnection } from "@/components/NeedsConnection";
import { ApiRequestError } from "@/lib/api";
import { describeError } from "@/lib/i18n/errors";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { examsQueryOptions } from "../api/getExams";
import { examCalendarQueryOptions } from "../api/getExamCalendar";
import { ExamList } from "../components/ExamList";
import { WeekCalendar } from "../components/WeekCalendar";

type ExamsTab = "list" | "calendar";

export interface ExamsScreenProps {
  tab: ExamsTab;
  offset: number;
  onChange: (next: { tab: ExamsTab; offset: number }) => void;
}

function CalendarPanel({ offset, onOffset }: { offset: number; onOffset: (o: number) => void }) {
  const { i18n } = useLingui();
  const { data, error, dataUpdatedAt, refetch } = useQuery(examCalendarQueryOptions(offset));
  if (!data && isNoConnection(error)) return <NeedsConnection onRetry={() => void refetch()}><Trans>Cette semaine n'est pas encore sur cet appareil : elle a besoin d'une connexion.</Trans></NeedsConnection>;
  if (!data && error) return <Alert color="red">{describeError(i18n, error)}</Alert>;
  return data ? (
    <Stack gap="xs">
      <AvailabilityBadge updatedAt={dataUpdatedAt} testId="calendar-availability" />
      <WeekCalendar week={data} onOffset={onOffset} />
    </Stack>
  ) : null;
}

/** /exams: the list and the week calendar as tabs (SPEC §2). */
export function ExamsScreen({ tab, offset, onChange }: ExamsScreenProps) {
  const { i18n, t } = useLingui();
  useDocumentTitle(t`Examens`);
  const { data, error, dataUpdatedAt, refetch } = useQuery(examsQueryOptions());
  // Kept on the device, the list shows offline (with the badge); never a network error followed by an unrelated button:
  // no connection says so with "Réessayer"; the offers are offered only to a pupil whose offer has no exams.
  if (!data && error)
    return (
      <Stack gap="lg">
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          <Trans>Examens</Trans>
        </Title>
        {isNoConnection(error) ? (
          <NeedsConnection onRetry={() => void refetch()}>
            <Trans>La liste des examens n'est pas encore sur cet appareil : elle a besoin d'une connexion.</Trans>
          </NeedsConnection>
        ) : (
          <Alert color="orange" role="alert">
            {describeError(i18n, error)}
            {error instanceof ApiRequestError && error.status === 403 && (
              <>
                {" "}
                <Link to="/offres">
                  <Trans>Voir les offres</Trans>
                </Link>
              </>
            )}
          </Alert>
        )}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Examens</Trans>
      </Title>
      <AvailabilityBadge updatedAt={dataUpdatedAt} />
      <Tabs value={tab} onChange={(v) => v && onChange({ tab: v as ExamsTab, offset })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list">
            <Trans>Liste</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="calendar">
            <Trans>Calendrier de la semaine</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          {data ? <ExamList exams={data} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <CalendarPanel offset={offset} onOffset={(o) => onChange({ tab, offset: o })} />
          <Link to="/exams-calendar" search={{ offset }}>
            <Trans>Ouvrir le calendrier</Trans>
          </Link>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** /exams-calendar: the week calendar alone. */
export function ExamsCalendarScreen({ offset, onOffset }: { offset: number; onOffset: (o: number) => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Calendrier des examens`);
  const { data } = useSuspenseQuery(examCalendarQueryOptions(offset));
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Calendrier des examens</Trans>
      </Title>
      <WeekCalendar week={data} onOffset={onOffset} />
    </Stack>
  );
}
