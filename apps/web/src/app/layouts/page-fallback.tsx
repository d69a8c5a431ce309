import { Center, Loader } from '@mantine/core';

/** Shown while a page's code loads (route-level code splitting). */
export function PageFallback() {
  return (
    <Center mih={200} role="status" aria-label="Loading page">
      <Loader size="sm" aria-hidden />
    </Center>
  );
}
