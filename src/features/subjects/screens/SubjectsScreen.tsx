import { Suspense } from "react";
import { Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDocumentTitle } from "@/lib/useDocumentTitle";
import { subjectsQueryOptions } from "../api/getSubjects";
import { SubjectCard } from "../components/SubjectCard";
import { SubjectGridSkeleton } from "../components/SubjectGridSkeleton";
import classes from "../components/subjects.module.css";

/** /subjects and /courses: the pupil's subjects as cards (8 skeletons while loading). */
export function SubjectsScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`Matières`);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Matières</Trans>
      </Title>
      <Suspense fallback={<SubjectGridSkeleton />}>
        <SubjectGrid />
      </Suspense>
    </Stack>
  );
}

/** What the route shows while its loader runs: the same page, with skeletons. */
export function SubjectsScreenPending() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        <Trans>Matières</Trans>
      </Title>
      <SubjectGridSkeleton />
    </Stack>
  );
}

function SubjectGrid() {
  const { data: subjects } = useSuspenseQuery(subjectsQueryOptions());
  if (subjects.length === 0) {
    return (
      <Text c="dimmed" data-testid="subjects-empty">
        <Trans>Aucune matière pour le moment</Trans>
      </Text>
    );
  }
  return (
    <ul className={classes.grid} data-testid="subjects-grid">
      {subjects.map((s) => (
        <li key={s.id}>
          <SubjectCard subject={s} />
        </li>
      ))}
    </ul>
  );
}
