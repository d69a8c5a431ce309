import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import {
  API_KEY_NAME,
  API_KEY_SCOPES,
  createApiKeyBody,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@hireloop/contract/api-keys';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useApiKeyMutations, useApiKeys } from '../api.ts';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';

const resolve = schemaResolver(createApiKeyBody, { sync: true });
const SCOPE_HELP: Record<ApiKeyScope, string> = {
  read: 'Read: list and view members, job roles, levels and statuses.',
  write: 'Write: also create and change job roles (includes read).',
};

function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; token: string }) => void }) {
  const { create } = useApiKeyMutations();
  const form = useForm<CreateApiKeyBody>({ initialValues: { name: '', scopes: ['read'] }, validate: resolve });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          const { api_key: key, token } = await create.mutateAsync({ ...values, name: values.name.trim() });
          onCreated({ name: key.name, token });
        } catch (error) {
          if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
          else toastError(error);
        }
      })}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What the key is for, so you recognise it later (e.g. HRIS sync)."
          maxLength={API_KEY_NAME.max}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="Scopes" key={form.key('scopes')} {...form.getInputProps('scopes')}>
          <Stack gap="xs" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope === 'read' ? 'Read' : 'Write'} description={SCOPE_HELP[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShowTokenOnce({ created, onDone }: { created: { name: string; token: string }; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="orange.9" icon={<IconAlertTriangle size={20} aria-hidden />} title="Copy the key now">
        You will not see it again: Hireloop keeps only a fingerprint of it. If it is lost, revoke it and create a new one.
      </Alert>
      <TextInput label={`API key “${created.name}”`} value={created.token} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Text size="sm">
        Send it as <Code>Authorization: Bearer {created.token.slice(0, 11)}…</Code> to <Code>/api/v1/organisation/…</Code> routes. See the{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer">
          API documentation
        </Anchor>
        .
      </Text>
      <Group justify="flex-end">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Created by</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td fw={500}>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" color={scope === 'write' ? 'orange.9' : 'blue'}>
                      {scope}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{key.created_by?.name ?? 'A former member'}</Table.Td>
              <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
              <Table.Td>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</Table.Td>
              <Table.Td ta="right">
                <Button variant="subtle" color="red" size="xs" aria-label={`Revoke ${key.name}`} onClick={() => onRevoke(key)}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The API keys tab: create (the key is shown once), list, revoke. Owners and admins only. */
export function ApiKeysPanel({ canManage }: { canManage: boolean }) {
  const keys = useApiKeys(canManage);
  const { revoke } = useApiKeyMutations();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };

  if (!canManage) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          API keys
        </Title>
        <Text c="dimmed">Only owners and admins create and revoke API keys.</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2} size="h3">
            API keys
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Keys let your own systems use the Hireloop API for this organisation, within their scopes. They never reach settings or another
            organisation.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create key
        </Button>
      </Group>
      {keys.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : keys.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="The keys could not be loaded">
          {keys.error.message}
        </Alert>
      ) : keys.data.data.length === 0 ? (
        <EmptyState
          icon={<IconKey size={28} aria-hidden />}
          withIndicatorBackground
          title="No API keys yet"
          description="Create a key to connect an HR system, a spreadsheet or an automation tool."
        />
      ) : (
        <>
          <KeysTable keys={keys.data.data} onRevoke={setRevoking} />
          {keys.data.meta.total > keys.data.data.length ? (
            <Text size="sm" c="dimmed">
              Showing the newest {keys.data.data.length} of {keys.data.meta.total} keys.
            </Text>
          ) : null}
        </>
      )}
      <Modal
        opened={creating}
        onClose={closeCreate}
        title={created ? 'Your new API key' : 'Create an API key'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
        size="lg"
      >
        {created ? (
          <ShowTokenOnce created={created} onDone={closeCreate} />
        ) : (
          <CreateKeyForm
            onCreated={(result) => {
              setCreated(result);
              toastSuccess(`API key ${result.name} created.`);
            }}
          />
        )}
      </Modal>
      <ConfirmModal
        subject={
          revoking
            ? {
                title: `Revoke ${revoking.name}?`,
                message: `Anything using the key ${revoking.prefix}… stops working at once. This cannot be undone.`,
                confirmLabel: 'Revoke key',
              }
            : null
        }
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => toastSuccess(`${revoking.name} revoked.`),
            onError: toastError,
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Stack>
  );
}
