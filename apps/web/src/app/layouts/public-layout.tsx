import { Anchor, Box, Container, Group } from '@mantine/core';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { PageFallback } from './page-fallback.tsx';

/** Log in, get started and the 404 page: the product name on top, the page centred below. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-light)">
      <Box component="header" py="md">
        <Container size="sm">
          <Group>
            <Anchor component={Link} to="/" fw={800} fz="xl" underline="never" c="var(--mantine-color-text)">
              {PRODUCT_NAME}
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main-content" size="sm" pb="xl">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
