import { Center, Loader, LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import { useAppState } from './app-state.ts';

/** The start-up loader (visible ≥ 600 ms) and the mask, both driven by the application state. */
export function AppOverlays() {
  const { loading, mask } = useAppState();
  return (
    <>
      {loading ? (
        <Center role="status" pos="fixed" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 1000 }} data-testid="app-loader">
          <Loader aria-hidden />
          <VisuallyHidden>Loading {PRODUCT_NAME}…</VisuallyHidden>
        </Center>
      ) : null}
      <LoadingOverlay visible={mask && !loading} pos="fixed" zIndex={900} overlayProps={{ blur: 1 }} />
    </>
  );
}
