import { Paper, Table, Text } from '@mantine/core';

/** A headline figure with its label and an optional hint below. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** A row of figures: its label first, then its numbers. */
export type Row = Array<string | number>;

/** The figures behind a chart as an accessible table: a caption, the column heads, a row header per row, an optional bold total. */
export function NumbersTable({ caption, head, rows, total }: { caption: string; head: string[]; rows: Row[]; total?: Row }) {
  const cells = (row: Row, bold = false) =>
    row.map((cell, j) =>
      j === 0 ? (
        <Table.Th key={j} scope="row" fw={bold ? 700 : 500}>
          {cell}
        </Table.Th>
      ) : (
        <Table.Td key={j} fw={bold ? 700 : undefined}>
          {cell}
        </Table.Td>
      ),
    );
  return (
    // On a phone the table scrolls sideways; with nothing focusable inside, the scroll region itself
    // takes focus so it can be scrolled from the keyboard (axe: scrollable-region-focusable).
    <Table.ScrollContainer minWidth={360} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>{cells(row)}</Table.Tr>
          ))}
        </Table.Tbody>
        {total ? (
          <Table.Tfoot>
            <Table.Tr>{cells(total, true)}</Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
