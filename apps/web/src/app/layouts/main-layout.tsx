import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import { NavLinks } from './nav-links.tsx';
import { mainNavigation } from './navigation.ts';
import { PageFallback } from './page-fallback.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** The main layout group (docs/product.md §5): header with organisation switcher, bell and user menu; side navigation. */
export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <SkipLink />
      <AppShell.Header>
        <AppHeader navigationOpened={opened} onToggleNavigation={toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navigation" aria-label="Main navigation" p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <NavLinks items={mainNavigation} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
