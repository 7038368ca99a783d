import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import type { ExamDto } from "@domain/exams";
import { refName } from "@/lib/reference";
import { formatDateTime } from "../lib/format";
import { KIND_LABELS, STATE_COLORS, STATE_LABELS } from "../labels";
import classes from "./exams.module.css";

/** One exam in a list: name (a link to its page), subject, kind, state, dates. */
export function ExamCard({ exam }: { exam: ExamDto }) {
  const { i18n, t } = useLingui();
  const minutes = exam.duration || 60;
  const from = formatDateTime(exam.appearance_date, i18n.locale);
  const to = formatDateTime(exam.due_date, i18n.locale);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} style={{ "--exam-color": exam.subject_exams.color } as React.CSSProperties} data-testid="exam-card">
      <Stack gap={6}>
        {/* The state goes under the name when both do not fit on one line (a phone, a long name). */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Link to="/exams/$id" params={{ id: String(exam.id) }} className={classes.link}>
            {refName(exam, i18n.locale)}
          </Link>
          <Badge color={STATE_COLORS[exam.state]} variant="filled" maw="100%">
            {i18n._(STATE_LABELS[exam.state])}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {refName(exam.subject_exams, i18n.locale)} · {i18n._(KIND_LABELS[exam.kind])} · {t`${minutes} min`}
        </Text>
        <Text size="sm">
          {t`Du ${from} au ${to}`}
        </Text>
      </Stack>
    </Card>
  );
}
