import "@mantine/core/styles/Skeleton.css";
import { Skeleton } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import classes from "./subjects.module.css";

/** SPEC §9: 8 subject skeletons, the size of the cards. */
const SUBJECT_SKELETONS = 8;

export function SubjectGridSkeleton() {
  const { t } = useLingui();
  return (
    <ul className={classes.grid} aria-busy="true" aria-label={t`Chargement des matières`}>
      {Array.from({ length: SUBJECT_SKELETONS }, (_, i) => (
        <li key={i}>
          <Skeleton radius="lg" className={classes.subjectSkeleton} data-testid="subject-skeleton" />
        </li>
      ))}
    </ul>
  );
}
