import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Any path not in the route table. */
export function NotFoundPage() {
  return (
    <Paper withBorder radius="lg" p="xl" mt="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Page not found</Title>
        <Text>The page you asked for does not exist. It may have moved, or the link may be mistyped.</Text>
        <Button component={Link} to="/dashboard">
          Go to the dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
