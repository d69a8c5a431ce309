import { Badge } from '@mantine/core';

/** A stage in its pipeline colour (tint and edge); the text is the body colour, readable on the tint in both schemes. */
export function StageBadge({ name, colour }: { name: string; colour: string }) {
  return (
    <Badge
      variant="light"
      color={colour}
      c="var(--mantine-color-text)"
      styles={{ root: { borderLeft: `4px solid ${colour}`, textTransform: 'none' } }}
    >
      {name}
    </Badge>
  );
}
