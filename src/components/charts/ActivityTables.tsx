import "@mantine/core/styles/Table.css";
import { Table } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { ActivityDto } from "@domain/activity";
import classes from "./ActivityCharts.module.css";

/** A subject of the charts: its series key, its name in the pupil's language, its weekly points. */
export interface ChartSubject {
  key: string;
  name: string;
  color: string;
  points: ActivityDto["subjects"][number]["points"];
}

/** The charts' numbers as tables, under "Voir les données": their text alternative, for every reader. */
export function ActivityTables({
  days,
  subjects,
  label,
  number,
  pct,
  testId,
}: {
  days: ActivityDto["days"];
  subjects: ChartSubject[];
  label: (day: string) => string;
  number: (value: number) => string;
  pct: (value: number) => string;
  testId: string;
}) {
  const weeks = subjects[0]?.points.map((p) => label(p.date)) ?? [];
  return (
    <details className={classes.details}>
      <summary>
        <Trans>Voir les données</Trans>
      </summary>
      <Table.ScrollContainer minWidth={280}>
        <Table striped data-testid={`${testId}-table`}>
          <Table.Caption>
            <Trans>Minutes regardées et leçons terminées par jour</Trans>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Jour</Trans>
              </Table.Th>
              <Table.Th scope="col">
                <Trans>Minutes regardées</Trans>
              </Table.Th>
              <Table.Th scope="col">
                <Trans>Leçons terminées</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Th scope="row" fw={400}>
                  {label(d.date)}
                </Table.Th>
                <Table.Td>{number(d.minutes)}</Table.Td>
                <Table.Td>{number(d.completed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {subjects.length > 0 && (
        <Table.ScrollContainer minWidth={280}>
          <Table striped>
            <Table.Caption>
              <Trans>Progression par matière à la fin de chaque semaine</Trans>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Trans>Matière</Trans>
                </Table.Th>
                {weeks.map((w) => (
                  <Table.Th scope="col" key={w}>
                    {w}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subjects.map((s) => (
                <Table.Tr key={s.key}>
                  <Table.Th scope="row" fw={400}>
                    {s.name}
                  </Table.Th>
                  {s.points.map((p) => (
                    <Table.Td key={p.date}>{pct(p.progress)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </details>
  );
}
