import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { ExamDetailDto, ExamState } from "@domain/exams";
import { refName } from "@/lib/reference";
import { formatDateTime } from "../lib/format";
import { KIND_LABELS, STATE_COLORS, STATE_LABELS } from "../labels";

/** An exam's title, state, subject, kind, duration, instructor and opening hours. */
export function ExamHeader({ exam, state }: { exam: ExamDetailDto; state: ExamState }) {
  const { i18n, t } = useLingui();
  const minutes = exam.duration || 60;
  const from = formatDateTime(exam.appearance_date, i18n.locale);
  const to = formatDateTime(exam.due_date, i18n.locale);
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        {refName(exam, i18n.locale)}
      </Title>
      <Group gap="xs">
        <Badge color={STATE_COLORS[state]} variant="filled" data-testid="exam-state">
          {i18n._(STATE_LABELS[state])}
        </Badge>
        <Text size="sm">
          {refName(exam.subject_exams, i18n.locale)} · {i18n._(KIND_LABELS[exam.kind])} · {t`Durée : ${minutes} min`}
          {exam.instructor ? ` · ${exam.instructor}` : ""}
        </Text>
      </Group>
      <Text size="sm">{t`Du ${from} au ${to}`}</Text>
    </Stack>
  );
}
