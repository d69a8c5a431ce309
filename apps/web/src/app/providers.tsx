import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { FIRST_DAY_OF_WEEK, TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from '@hireloop/contract/constants';
import { SessionActionsContext } from '../features/session/session-actions.ts';
import { ColorSchemeSync, systemColorSchemeManager } from './color-scheme.tsx';
import { NotificationsHost } from './notifications-host.tsx';
import { createSessionActions } from './session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = systemColorSchemeManager();

type ProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (jsdom). */
  env?: 'default' | 'test';
};

/** Every app-wide provider, outermost first. The router sits inside (see app.tsx). */
export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  const sessionActions = useMemo(() => createSessionActions(queryClient), [queryClient]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <ColorSchemeSync />
      <NotificationsHost position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />
      <DatesProvider settings={{ locale: 'en', firstDayOfWeek: FIRST_DAY_OF_WEEK }}>
        <QueryClientProvider client={queryClient}>
          <SessionActionsContext value={sessionActions}>{children}</SessionActionsContext>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
