import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import {
  CANDIDATE_FILE_KINDS,
  CANDIDATE_TEXTS,
  DOCUMENT_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  type ApplicationDetail,
  type CandidateFile,
  type CandidateFileKind,
} from '@hireloop/contract/candidates';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { describeError, toastPromise, toastSuccess } from '../../../../lib/toasts.ts';
import { uploadCandidateFile, useDeleteFile, usePanelPermissions, useRefreshApplication } from '../api.ts';
import { exactTime } from '../time.tsx';

const PdfPreview = lazy(() => import('./pdf-preview.tsx'));

export const FILE_KIND_LABELS: Record<CandidateFileKind, string> = { resume: 'Résumé', cover_letter: 'Cover letter', other: 'Other' };
const EXTENSIONS = ['.pdf', '.doc', '.docx'];
const ACCEPT = [...DOCUMENT_CONTENT_TYPES, ...EXTENSIONS].join(',');

/** The contract's refusal text for a file the server would refuse, or null when it may be sent. */
export function documentProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const typeOk =
    (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type) ||
    (file.type === '' || file.type === 'application/octet-stream' ? EXTENSIONS.includes(extension) : false);
  if (!typeOk) return CANDIDATE_TEXTS.documentType;
  if (file.size > MAX_DOCUMENT_BYTES) return CANDIDATE_TEXTS.documentTooLarge;
  return null;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const isPdf = (file: CandidateFile) => file.content_type === 'application/pdf' || file.filename.toLowerCase().endsWith('.pdf');

/** Upload (drag and drop or choose), the list with downloads, and an in-browser preview of a PDF. */
export function FilesTab({ application }: { application: ApplicationDetail }) {
  const can = usePanelPermissions();
  const editable = can.manage && application.candidate.erased_at === null;
  const refresh = useRefreshApplication(application);
  const remove = useDeleteFile(application);
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CandidateFileKind>('resume');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const files = application.files;
  const defaultPreview = files.find((f) => f.kind === 'resume' && isPdf(f)) ?? files.find(isPdf) ?? null;
  const [previewId, setPreviewId] = useState<string | null>(null);
  const preview = files.find((f) => f.id === previewId) ?? defaultPreview;

  async function upload(file: File | undefined) {
    if (!file) return;
    const refusal = documentProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setProgress(0);
    try {
      const saved = await toastPromise(uploadCandidateFile(application.candidate.id, file, kind, setProgress), {
        loading: `Uploading ${file.name}…`,
        success: `${file.name} uploaded.`,
      });
      await refresh();
      if (isPdf(saved)) setPreviewId(saved.id);
    } catch (error) {
      setProblem(describeError(error).message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!editable || progress !== null) return;
    void upload(event.dataTransfer.files[0]);
  }

  const [deleting, setDeleting] = useState<CandidateFile | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    const file = deleting;
    await remove.mutateAsync(file.id);
    toastSuccess(`${file.filename} deleted.`);
  }

  return (
    <Stack gap="md">
      {editable ? (
        <Paper
          withBorder
          p="md"
          radius="md"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="file-drop-zone"
          style={{
            borderStyle: 'dashed',
            borderWidth: 2,
            background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
          }}
        >
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <Select
                label="Kind"
                data={CANDIDATE_FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }))}
                value={kind}
                onChange={(v) => v && setKind(v as CandidateFileKind)}
                allowDeselect={false}
                w={160}
                comboboxProps={{ withinPortal: false }}
              />
              <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => input.current?.click()} loading={progress !== null}>
                Choose a file
              </Button>
              <input
                ref={input}
                type="file"
                accept={ACCEPT}
                aria-label="Upload a document"
                style={{ display: 'none' }}
                onChange={(e) => void upload(e.currentTarget.files?.[0])}
              />
            </Group>
            <Text size="sm" c="dimmed">
              …or drop it here. PDF, DOC or DOCX, up to 10 MB.
            </Text>
            {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label="Upload progress" animated /> : null}
            {problem ? (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      ) : (
        <Table aria-label="Files" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th>
                <Box component="span" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                  Actions
                </Box>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Anchor href={file.url} download={file.filename} size="sm">
                    {file.filename}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm">
                    {FILE_KIND_LABELS[file.kind]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatSize(file.size)}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {exactTime(file.created_at)}
                    {file.uploaded_by ? ` by ${file.uploaded_by.name}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {isPdf(file) && preview?.id !== file.id ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setPreviewId(file.id)}
                        aria-label={`Preview ${file.filename}`}
                      >
                        Preview
                      </Button>
                    ) : null}
                    {editable ? (
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${file.filename}`} onClick={() => setDeleting(file)}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      {preview ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the preview" />}>
          <PdfPreview key={preview.id} url={preview.url} filename={preview.filename} />
        </Suspense>
      ) : files.length > 0 ? (
        <Text size="sm" c="dimmed">
          No preview for DOC or DOCX files; download it.
        </Text>
      ) : null}
      <ConfirmModal
        subject={
          deleting ? { title: 'Delete file', message: `Delete ${deleting.filename}? This cannot be undone.`, confirmLabel: 'Delete' } : null
        }
        pending={remove.isPending}
        failedTitle="The file was not deleted"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
