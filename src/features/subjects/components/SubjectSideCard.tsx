import "@mantine/core/styles/Card.css";
import { useId, useState } from "react";
import { Button, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { refName } from "@/lib/reference";
import type { OtherSubjectDto, SubjectChaptersDto } from "@domain/learning";
import { ProgressLine } from "./ProgressLine";
import classes from "./subjects.module.css";

/** SPEC §9: other subjects shown before "Voir plus". */
const OTHER_SUBJECTS_SHOWN = 5;

/** The subject page's side card: picture, progress, counts and the pupil's other subjects. */
export function SubjectSideCard({ subject, otherSubjects }: Pick<SubjectChaptersDto, "subject" | "otherSubjects">) {
  const { t, i18n } = useLingui();
  const name = refName(subject, i18n.locale);
  const chapters = subject.nbChapters;
  const contents = subject.nbContents;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="subject-side-title" data-testid="subject-side">
      {subject.thumbnail && (
        <Card.Section>
          <img src={subject.thumbnail} alt="" width={320} height={160} loading="lazy" decoding="async" style={{ display: "block", width: "100%", height: 160, objectFit: "cover", background: subject.color }} />
        </Card.Section>
      )}
      <Stack gap="sm" mt={subject.thumbnail ? "md" : 0}>
        <Title order={2} fz="md" id="subject-side-title">
          <Trans>Ma progression</Trans>
        </Title>
        <ProgressLine value={subject.progress} label={t`Progression en ${name}`} testId="subject-progress" />
        <Group gap="lg">
          <Text size="sm" fw={600} data-testid="subject-nb-chapters">
            {t({ message: plural(chapters, { one: "# chapitre", other: "# chapitres" }) })}
          </Text>
          <Text size="sm" fw={600} data-testid="subject-nb-contents">
            {t({ message: plural(contents, { one: "# contenu", other: "# contenus" }) })}
          </Text>
        </Group>
      </Stack>
      {otherSubjects.length > 0 && (
        <>
          <Divider my="md" />
          <OtherSubjects subjects={otherSubjects} />
        </>
      )}
    </Card>
  );
}

function OtherSubjects({ subjects }: { subjects: readonly OtherSubjectDto[] }) {
  const { i18n } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = expanded ? subjects : subjects.slice(0, OTHER_SUBJECTS_SHOWN);
  return (
    <div>
      <Title order={2} fz="md" mb="xs">
        <Trans>Autres matières</Trans>
      </Title>
      <ul className={classes.list} style={{ gap: 2 }} id={listId} data-testid="other-subjects">
        {shown.map((s) => (
          <li key={s.id}>
            <Link to="/subjects/$subject/details" params={{ subject: s.slug }} className={classes.otherSubject}>
              <span className={classes.dot} style={{ background: s.color }} aria-hidden />
              <Text size="sm" fw={500} lineClamp={1}>
                {refName(s, i18n.locale)}
              </Text>
            </Link>
          </li>
        ))}
      </ul>
      {subjects.length > OTHER_SUBJECTS_SHOWN && (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded} aria-controls={listId}>
          {expanded ? <Trans>Voir moins</Trans> : <Trans>Voir plus</Trans>}
        </Button>
      )}
    </div>
  );
}
