import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';

/** Pages rendered at most; a longer document says so and offers the download. */
const MAX_PAGES = 10;

type Props = { url: string; filename: string };

type State = { kind: 'loading' } | { kind: 'done'; pages: number; total: number } | { kind: 'failed' };

/** Fetches the PDF's bytes with the session's cookies and paints its pages to canvases with pdf.js (loaded on demand). */
export default function PdfPreview({ url, filename }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    const host = container.current;
    async function render() {
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}inline=1`, { credentials: 'include' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      const task = pdfjs.getDocument({ data, isEvalSupported: false });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      const count = Math.min(pdf.numPages, MAX_PAGES);
      const width = Math.max(host?.clientWidth ?? 600, 300);
      for (let n = 1; n <= count && !cancelled && host; n += 1) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const scale = width / base.width;
        const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.border = '1px solid var(--mantine-color-default-border)';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `Page ${n} of ${filename}`);
        host.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState({ kind: 'done', pages: count, total: pdf.numPages });
    }
    render().catch(() => {
      if (!cancelled) setState({ kind: 'failed' });
    });
    return () => {
      cancelled = true;
      void destroy?.();
      host?.replaceChildren();
    };
  }, [url, filename]);

  return (
    <Stack gap="xs">
      {state.kind === 'loading' ? (
        <Stack align="center" py="md">
          <Loader size="sm" aria-label="Loading the preview" />
        </Stack>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert color="yellow" variant="light" title="No preview">
          The preview could not be shown; download the file instead.
        </Alert>
      ) : null}
      {state.kind === 'done' && state.total > state.pages ? (
        <Text size="xs" c="dimmed">
          Showing the first {state.pages} of {state.total} pages; download the file for the rest.
        </Text>
      ) : null}
      <Stack gap="xs" ref={container} aria-label={`Preview of ${filename}`} role="group" data-testid="pdf-preview" />
    </Stack>
  );
}
