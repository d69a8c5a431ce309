import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The pdf.js renderer of the candidate panel, loaded on demand (it fetches with the session's cookies).
const PdfPreview = lazy(() => import('../../candidate-panel/components/pdf-preview.tsx'));

type Props = { url: string; filename: string; note: string };

/** The offer letter: shown in the browser on request (pdf.js), always downloadable. */
export function LetterPreview({ url, filename, note }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {note}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={shown ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
          onClick={() => setShown((s) => !s)}
          aria-expanded={shown}
        >
          {shown ? 'Hide the letter' : 'Preview the letter'}
        </Button>
        <Anchor href={url} target="_blank" rel="noopener" size="sm" download={filename}>
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            Download PDF
          </Group>
        </Anchor>
      </Group>
      {shown ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the preview" />}>
          <PdfPreview url={url} filename={filename} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
