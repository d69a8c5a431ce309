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
  API_KEY_RESOURCES,
  API_KEY_RESOURCE_INFO,
  createApiKeyBody,
  scopeOf,
  type ApiKey,
  type ApiKeyResource,
  type ApiKeyScope,
  type CreateApiKeyBody,
} from '@hireloop/contract/api-keys';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/dates.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useApiKeyMutations, useApiKeys } from '../api.ts';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { schemeText } from '../../../../lib/scheme-colour.ts';

const resolve = schemaResolver(createApiKeyBody, { sync: true });

/** Write implies read: ticking write ticks read; unticking read unticks write. */
export function toggleScope(
  scopes: readonly ApiKeyScope[],
  resource: ApiKeyResource,
  access: 'read' | 'write',
  on: boolean,
): ApiKeyScope[] {
  const read = scopeOf(resource, 'read');
  const write = scopeOf(resource, 'write');
  const next = new Set(scopes);
  if (on) {
    next.add(scopeOf(resource, access));
    if (access === 'write') next.add(read);
  } else {
    next.delete(scopeOf(resource, access));
    if (access === 'read') next.delete(write);
  }
  return [...next];
}

/** Per resource, the strongest access the key has (write includes read), in the resources' order. */
export function scopeSummary(scopes: readonly string[]): { resource: ApiKeyResource; access: 'read' | 'write' }[] {
  return API_KEY_RESOURCES.flatMap<{ resource: ApiKeyResource; access: 'read' | 'write' }>((resource) =>
    scopes.includes(scopeOf(resource, 'write'))
      ? [{ resource, access: 'write' as const }]
      : scopes.includes(scopeOf(resource, 'read'))
        ? [{ resource, access: 'read' as const }]
        : [],
  );
}

/** The scopes as a table: one row per resource with its read and write boxes. */
function ScopesField({ value, onChange, error }: { value: ApiKeyScope[]; onChange: (scopes: ApiKeyScope[]) => void; error?: string }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={error ? 'api-key-scopes-error' : undefined}>
      <Text component="legend" size="sm" fw={500}>
        Scopes
      </Text>
      <Text size="xs" c="dimmed">
        What the key may reach. Write includes read. A key never does more than the member who created it may.
      </Text>
      <Table mt="xs" verticalSpacing={6} aria-label="Scopes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Resource</Table.Th>
            <Table.Th scope="col" w={64} ta="center">
              Read
            </Table.Th>
            <Table.Th scope="col" w={64} ta="center">
              Write
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {API_KEY_RESOURCES.map((resource) => {
            const info = API_KEY_RESOURCE_INFO[resource];
            return (
              <Table.Tr key={resource}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={500}>
                    {info.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {info.covers}
                  </Text>
                </Table.Th>
                <Table.Td ta="center">
                  <Checkbox
                    aria-label={`${info.label}: read`}
                    checked={value.includes(scopeOf(resource, 'read'))}
                    onChange={(e) => onChange(toggleScope(value, resource, 'read', e.currentTarget.checked))}
                    styles={{ body: { justifyContent: 'center' } }}
                  />
                </Table.Td>
                <Table.Td ta="center">
                  {info.write ? (
                    <Checkbox
                      aria-label={`${info.label}: write`}
                      checked={value.includes(scopeOf(resource, 'write'))}
                      onChange={(e) => onChange(toggleScope(value, resource, 'write', e.currentTarget.checked))}
                      styles={{ body: { justifyContent: 'center' } }}
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      —<VisuallyHidden>read only</VisuallyHidden>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error ? (
        <Text id="api-key-scopes-error" size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: { name: string; token: string }) => void }) {
  const { create } = useApiKeyMutations();
  const form = useForm<CreateApiKeyBody>({ initialValues: { name: '', scopes: [] }, validate: resolve });
  const creating = useSubmitOnce(async (values: CreateApiKeyBody) => {
    try {
      const { api_key: key, token } = await create.mutateAsync({ ...values, name: values.name.trim() });
      onCreated({ name: key.name, token });
    } catch (error) {
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
      else toastError(error);
    }
  }, create.isPending);
  return (
    <form onSubmit={form.onSubmit((values) => void creating.run(values))}>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What the key is for, so you recognise it later (e.g. HRIS sync)."
          maxLength={API_KEY_NAME.max}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <ScopesField
          value={form.values.scopes}
          onChange={(scopes) => form.setFieldValue('scopes', scopes)}
          error={typeof form.errors.scopes === 'string' ? form.errors.scopes : undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={creating.busy}>
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
                <Group gap={4} maw={360}>
                  {scopeSummary(key.scopes).map(({ resource, access }) => (
                    <Badge
                      key={resource}
                      variant="light"
                      // Grape, not orange: orange's darkest shade is too light for text on its own tint.
                      color={access === 'write' ? 'grape' : 'blue'}
                      c={schemeText(access === 'write' ? 'grape' : 'blue')}
                      tt="none"
                    >
                      {API_KEY_RESOURCE_INFO[resource].label}: {access === 'write' ? 'read & write' : 'read'}
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
        pending={revoke.isPending}
        failedTitle="The key was not revoked"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          toastSuccess(`${revoking.name} revoked.`);
        }}
      />
    </Stack>
  );
}
