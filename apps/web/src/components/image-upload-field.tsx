import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IMAGE_CONTENT_TYPES, IMAGE_ERRORS, MAX_IMAGE_BYTES } from '@hireloop/contract/files';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
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
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose(next: File | null) {
    if (!next) return;
    const problem = checkImageFile(next);
    setError(problem);
    setFile(problem ? null : next);
    if (problem) setPreview(null);
  }

  function cancel() {
    setFile(null);
    setPreview(null);
    setError(null);
  }

  async function save() {
    if (!file) return;
    setBusy('upload');
    try {
      await onUpload(file);
      toastSuccess(`Your new ${noun} is saved.`);
      cancel();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.errors?.[field]?.[0] : undefined;
      if (message) setError(message);
      else toastError(caught);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    try {
      await onRemove();
      toastSuccess(`The ${noun} is removed.`);
    } catch (caught) {
      toastError(caught);
    } finally {
      setBusy(null);
    }
  }

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
                <Button size="xs" onClick={() => void save()} loading={busy === 'upload'} disabled={disabled}>
                  Save {noun}
                </Button>
                <Button size="xs" variant="default" onClick={cancel} disabled={busy !== null}>
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <Group gap="xs">
              <FileButton onChange={choose} accept={IMAGE_CONTENT_TYPES.join(',')} disabled={disabled || busy !== null}>
                {(buttonProps) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPhotoUp size={16} aria-hidden />}
                    aria-describedby={error ? errorId : undefined}
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
                  onClick={() => void remove()}
                  loading={busy === 'remove'}
                  disabled={disabled || busy !== null}
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
