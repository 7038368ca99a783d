import { Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { examsQueryOptions } from "../api/getExams";
import { ExamList } from "./ExamList";

/** The subject page's Examens tab: the subject's exams (nothing for a pupil without the exam permission). */
export function SubjectExams({ subject }: { subject: string }) {
  const { data, isError } = useQuery(examsQueryOptions(subject));
  if (isError || !data || data.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg" component="section" data-testid="subject-exams">
      <Title order={2} fz="h4">
        <Trans>Examens de la matière</Trans>
      </Title>
      <ExamList exams={data} />
    </Stack>
  );
}
