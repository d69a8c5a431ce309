import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppOverlays } from './full-screen-loader.tsx';
import { PageFallback } from './layouts/page-fallback.tsx';

/** Every route renders in here, under the start-up loader and the mask. */
export function RootLayout() {
  return (
    <>
      <AppOverlays />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}
