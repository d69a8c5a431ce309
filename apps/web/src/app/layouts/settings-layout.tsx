import { AppShell, Divider, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { hasTeam, useAuth } from '../../features/session/auth-store.ts';
import { AppHeader } from './app-header.tsx';
import { NavLinks } from './nav-links.tsx';
import { backToApp, settingsNavigation } from './navigation.ts';
import { PageFallback } from './page-fallback.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/**
 * The settings group (docs/product.md §5). Reachable without an organisation; the organisation's
 * sections are then left out of the navigation (their pages explain why they are empty).
 */
export function SettingsLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const auth = useAuth();
  const withOrganisation = hasTeam(auth);
  const sections = settingsNavigation.filter((section) => withOrganisation || !section.needsOrganisation);
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <SkipLink />
      <AppShell.Header>
        <AppHeader navigationOpened={opened} onToggleNavigation={toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navigation" aria-label="Settings navigation" p="sm">
        <AppShell.Section grow component={ScrollArea}>
          {withOrganisation ? <NavLinks items={[backToApp]} onNavigate={close} /> : null}
          {sections.map((section) => (
            <div key={section.label} role="group" aria-labelledby={`settings-nav-${section.label}`}>
              <Divider my="xs" />
              <Text id={`settings-nav-${section.label}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={4}>
                {section.label}
              </Text>
              <NavLinks items={section.items} onNavigate={close} />
            </div>
          ))}
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
