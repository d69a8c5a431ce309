import { Badge } from '@mantine/core';

/** A stage in its pipeline colour; the text stays dark enough to read on the light tint. */
export function StageBadge({ name, colour }: { name: string; colour: string }) {
  return (
    <Badge variant="light" color={colour} c="dark.7" styles={{ root: { borderLeft: `4px solid ${colour}`, textTransform: 'none' } }}>
      {name}
    </Badge>
  );
}
