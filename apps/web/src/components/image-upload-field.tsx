import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IMAGE_CONTENT_TYPES, IMAGE_ERRORS, MAX_IMAGE_BYTES } from '@hireloop/contract/files';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { useSubmitOnce } from '../lib/submit-once.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';

type ImageUploadFieldProps = {
  label: string;
  description: string;
  /** The image as stored now, or null. */
  currentUrl: string | null;
  /** Shown when there is no image (initials, an icon). */
  fallback: ReactNode;
  /** Text for the preview's alt and the buttons, e.g. "photo" or "logo". */
  noun: string;
  radius: 'xl' | 'md';
  /** The server's multipart field, for its field messages. */
  field: string;
  disabled?: boolean;
  /**
   * Saves the chosen image. Each of onUpload and onRemove runs once at a time (apps/web/src/lib/submit-once.ts),
   * its button spinning and the others waiting until it settles; the field shows the outcome (a toast, or the
   * server's field message under the field with the chosen image kept).
   */
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
};

/** What the server would refuse, said before sending: not one of the four image types, or over 2 MB. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) return IMAGE_ERRORS.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_ERRORS.tooLarge;
  return null;
}

/**
 * Choose an image, see it, then save it (or cancel). The server checks the bytes again and
 * resizes; its field message shows under the field when it refuses.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { label, description, currentUrl, fallback, noun, radius, field, disabled, onUpload, onRemove } = props;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  // The chosen file's preview: a blob URL made for it, released when the file changes or the field goes.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  function choose(next: File | null) {
    if (!next) return;
    const problem = checkImageFile(next);
    setError(problem);
    setFile(problem ? null : next);
  }

  function cancel() {
    setFile(null);
    setError(null);
  }

  const uploading = useSubmitOnce(async (chosen: File) => {
    try {
      await onUpload(chosen);
      toastSuccess(`Your new ${noun} is saved.`);
      cancel();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.errors?.[field]?.[0] : undefined;
      if (message) setError(message);
      else toastError(caught);
    }
  });

  const removing = useSubmitOnce(async () => {
    try {
      await onRemove();
      toastSuccess(`The ${noun} is removed.`);
    } catch (caught) {
      toastError(caught);
    }
  });

  const busy = uploading.busy || removing.busy;

  const shown = preview ?? currentUrl;
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      <Group gap="md" mt={4} align="center">
        <Avatar
          src={shown}
          alt={preview ? `Preview of the new ${noun}` : currentUrl ? `Current ${noun}` : ''}
          size={72}
          radius={radius}
          color="indigo"
        >
          {fallback}
        </Avatar>
        <Stack gap={6}>
          {file ? (
            <>
              <Text size="sm">Preview of {file.name}. Save it to use it everywhere.</Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => void uploading.run(file)} loading={uploading.busy} disabled={disabled}>
                  Save {noun}
                </Button>
                <Button size="xs" variant="default" onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <Group gap="xs">
              <FileButton onChange={choose} accept={IMAGE_CONTENT_TYPES.join(',')} disabled={disabled || busy}>
                {(buttonProps) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPhotoUp size={16} aria-hidden />}
                    aria-describedby={error ? errorId : undefined}
                    // FileButton only ignores the click: the button shows that it waits too.
                    disabled={disabled || busy}
                    {...buttonProps}
                  >
                    {currentUrl ? `Change ${noun}` : `Upload ${noun}`}
                  </Button>
                )}
              </FileButton>
              {currentUrl ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void removing.run()}
                  loading={removing.busy}
                  disabled={disabled || busy}
                >
                  Remove {noun}
                </Button>
              ) : null}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </Text>
        </Stack>
      </Group>
      {error ? (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
