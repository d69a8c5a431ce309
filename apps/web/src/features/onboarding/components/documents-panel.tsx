import { ActionIcon, Alert, Anchor, Badge, Button, FileButton, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ONBOARDING_DOCUMENT_DESCRIPTION_MAX,
  ONBOARDING_DOCUMENT_NAME_MAX,
  type HireDetail,
  type HireDocument,
  type HireDocumentResponse,
} from '@hireloop/contract/onboarding';
import { IconDownload, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { HIRE_DOCUMENT_ACCEPT, formatSize, hireDocumentProblem } from '../../../lib/hire-documents.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError, showFieldErrorOrToast, toastError, toastSuccess } from '../../../lib/toasts.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { documentFileUrl, onboardingKeys, useHireMutations, useOnboardingPermissions } from '../api.ts';
import { useOrganisationId } from '../../session/auth-store.ts';

function DocumentRow({ hire, doc }: { hire: HireDetail; doc: HireDocument }) {
  const can = useOnboardingPermissions();
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const { deleteDocument } = useHireMutations(hire.id);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deleting = useSubmitOnce(async () => {
    try {
      await deleteDocument.mutateAsync(doc.id);
      toastSuccess(`${doc.name} deleted.`);
    } catch (error) {
      toastError(error);
    }
  }, deleteDocument.isPending);

  async function upload(file: File | null) {
    if (!file) return;
    const refusal = hireDocumentProblem(file);
    setProblem(refusal);
    if (refusal) return;
    setProgress(0);
    try {
      await uploadWithProgress<HireDocumentResponse>(
        `organisation/${encodeURIComponent(organisationId)}/hires/${encodeURIComponent(hire.id)}/documents/${encodeURIComponent(doc.id)}/file`,
        file,
        setProgress,
      );
      toastSuccess(`${file.name} uploaded.`);
      await queryClient.invalidateQueries({ queryKey: onboardingKeys.all(organisationId) });
    } catch (error) {
      setProblem(describeError(error).message);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="hire-document">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={500} size="sm">
              {doc.name}
            </Text>
            {doc.description ? (
              <Text size="xs" c="dimmed">
                {doc.description}
              </Text>
            ) : null}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {doc.file ? (
              <Badge color="teal.9" variant="filled" size="sm">
                Received
              </Badge>
            ) : (
              <Badge variant="default" size="sm">
                Requested
              </Badge>
            )}
            {can.manage ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${doc.name}`}
                loading={deleting.busy}
                onClick={() => void deleting.run()}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        </Group>
        {doc.file ? (
          <Group gap="xs">
            <Anchor href={documentFileUrl(organisationId, hire.id, doc.id)} download={doc.file.filename} size="sm">
              <Group gap={4} component="span">
                <IconDownload size={14} aria-hidden />
                {doc.file.filename}
              </Group>
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatSize(doc.file.size)}
              {doc.uploaded_at ? ` · ${formatDateTime(doc.uploaded_at)}` : ''}
              {doc.uploaded_at ? (doc.uploaded_by ? ` by ${doc.uploaded_by.name}` : ' by the new hire') : ''}
            </Text>
          </Group>
        ) : null}
        {progress !== null ? <Progress value={Math.round(progress * 100)} aria-label={`Uploading ${doc.name}`} animated /> : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        {can.manage ? (
          <Group>
            <FileButton onChange={(file) => void upload(file)} accept={HIRE_DOCUMENT_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  loading={progress !== null}
                  aria-label={`${doc.file ? 'Replace' : 'Upload'} ${doc.name}`}
                >
                  {doc.file ? 'Replace' : 'Upload'}
                </Button>
              )}
            </FileButton>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function AddDocumentForm({ hire }: { hire: HireDetail }) {
  const { addDocument } = useHireMutations(hire.id);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A second Enter or click while the request is in flight is ignored.
  const adding = useSubmitOnce(async () => {
    if (name.trim() === '') {
      setError('Enter a name for the document.');
      return;
    }
    setError(null);
    try {
      await addDocument.mutateAsync({ name: name.trim(), description: description.trim() });
      setName('');
      setDescription('');
    } catch (e) {
      showFieldErrorOrToast(e, 'name', setError);
    }
  }, addDocument.isPending);
  return (
    <form
      aria-label="Ask for a document"
      onSubmit={(event) => {
        event.preventDefault();
        void adding.run();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="Ask for a document"
          placeholder="Signed contract"
          maxLength={ONBOARDING_DOCUMENT_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          style={{ flex: 1, minWidth: 160 }}
        />
        <TextInput
          label="Description"
          maxLength={ONBOARDING_DOCUMENT_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          style={{ flex: 2, minWidth: 180 }}
        />
        <Button type="submit" variant="default" leftSection={<IconPlus size={14} aria-hidden />} loading={adding.busy}>
          Add
        </Button>
      </Group>
    </form>
  );
}

/** The documents asked of the hire: received or not, download, upload on their behalf, ask for another. */
export function DocumentsPanel({ hire }: { hire: HireDetail }) {
  const can = useOnboardingPermissions();
  const received = hire.documents.filter((d) => d.file !== null).length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="hire-documents">
      <Group justify="space-between">
        <Title order={3} size="h4" id="hire-documents">
          Documents
        </Title>
        <Text size="sm" c="dimmed">
          {received} of {hire.documents.length} received
        </Text>
      </Group>
      {hire.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No documents asked for.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {hire.documents.map((doc) => (
            <DocumentRow key={doc.id} hire={hire} doc={doc} />
          ))}
        </Stack>
      )}
      {can.manage ? <AddDocumentForm hire={hire} /> : null}
    </Stack>
  );
}
