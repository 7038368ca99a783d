import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Card.css";
import type { ReactNode } from "react";
import { Card, Table } from "@mantine/core";
import classes from "./DataTable.module.css";

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Dates, amounts, ids: kept on one line. */
  nowrap?: boolean;
}

/**
 * A read-only list of rows: a table (header cells with `scope="col"`, scrolling sideways when narrow), or on phones one
 * card per row with each column as a label and its value. `testId` names the table or the card list; each row is
 * `${testId}-row`.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  asCards,
  testId,
  caption,
  minWidth = 640,
}: {
  columns: ReadonlyArray<DataColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  asCards: boolean;
  testId: string;
  /** The accessible name of the table (visually hidden when the section already has a heading). */
  caption: string;
  minWidth?: number;
}) {
  if (asCards) {
    return (
      <ul className={classes.cards} data-testid={testId} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} data-testid={`${testId}-row`}>
            <Card withBorder radius="md" padding="sm">
              <dl className={classes.pairs}>
                {columns.map((c) => (
                  <div key={c.key} style={{ display: "contents" }}>
                    <dt>{c.header}</dt>
                    <dd className={c.nowrap ? classes.nowrap : undefined}>{c.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="sm" data-testid={testId} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={`${testId}-row`}>
              {columns.map((c) => (
                <Table.Td key={c.key} className={c.nowrap ? classes.nowrap : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
