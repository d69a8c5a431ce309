import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { withLoader } from './app/app-state.ts';
import { createQueryClient } from './app/query-client.ts';
import { startUp } from './app/session.ts';

const queryClient = createQueryClient();

// Start-up (docs/product.md §4) runs once, before the first render, behind the ≥ 600 ms loader.
void withLoader(() => startUp(queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
