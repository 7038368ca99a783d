import { Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { ExamDto } from "@domain/exams";
import { ExamCard } from "./ExamCard";

/** Exams as cards: open ones first (started, then not started), then upcoming, then the finished and expired. */
export function ExamList({ exams }: { exams: ExamDto[] }) {
  const order = { started: 0, not_started: 1, upcoming: 2, finished: 3, expired: 4 } as const;
  const sorted = [...exams].sort((a, b) => order[a.state] - order[b.state] || a.due_date.localeCompare(b.due_date));
  if (sorted.length === 0)
    return (
      <Text c="dimmed">
        <Trans>Aucun examen pour le moment</Trans>
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="exam-list">
      {sorted.map((e) => (
        <ExamCard key={e.id} exam={e} />
      ))}
    </Stack>
  );
}
