import { ActionIcon, Alert, Button, EmptyState, Group, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconPencil, IconPlus, IconStairs, IconTrash, IconX } from '@tabler/icons-react';
import { EXPERIENCE_LEVEL_NAME_MAX, experienceLevelBody, type ExperienceLevel } from '@hireloop/contract/experience-levels';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useExperienceLevelMutations, useExperienceLevels } from '../recruitment/api.ts';
import { ConfirmModal } from '../recruitment/components/confirm-modal.tsx';
import { NoOrganisation } from '../recruitment/components/no-organisation.tsx';
import { SortableList } from '../recruitment/components/sortable-list.tsx';

const resolveName = schemaResolver(experienceLevelBody, { sync: true });

/** Puts the server's field messages on the form; anything else becomes a toast. */
function showError(error: unknown, setFieldError: (field: string, message: string) => void) {
  const message = error instanceof ApiError ? error.errors?.name?.[0] : undefined;
  if (message) setFieldError('name', message);
  else toastError(error);
}

function AddLevelForm() {
  const { create } = useExperienceLevelMutations();
  const form = useForm({ initialValues: { name: '' }, validate: resolveName });
  return (
    <form
      onSubmit={form.onSubmit(async ({ name }) => {
        try {
          const level = await create.mutateAsync(name.trim());
          toastSuccess(`${level.name} added.`);
          form.reset();
        } catch (error) {
          showError(error, form.setFieldError);
        }
      })}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="New experience level"
          placeholder="e.g. Principal"
          maxLength={EXPERIENCE_LEVEL_NAME_MAX}
          style={{ flex: 1, maxWidth: 360 }}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
          Add level
        </Button>
      </Group>
    </form>
  );
}

function RenameForm({ level, onDone }: { level: ExperienceLevel; onDone: () => void }) {
  const { rename } = useExperienceLevelMutations();
  const form = useForm({ initialValues: { name: level.name }, validate: resolveName });
  return (
    <form
      style={{ flex: 1 }}
      onSubmit={form.onSubmit(async ({ name }) => {
        try {
          await rename.mutateAsync({ id: level.id, name: name.trim() });
          toastSuccess('Level renamed.');
          onDone();
        } catch (error) {
          showError(error, form.setFieldError);
        }
      })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <Group gap="xs" align="flex-start">
        <TextInput
          aria-label={`New name for ${level.name}`}
          maxLength={EXPERIENCE_LEVEL_NAME_MAX}
          autoFocus
          style={{ flex: 1 }}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <ActionIcon type="submit" size="lg" variant="light" aria-label="Save name" loading={rename.isPending}>
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon size="lg" variant="subtle" color="gray" aria-label="Cancel renaming" onClick={onDone}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}

function LevelRow({
  level,
  handle,
  canManage,
  editing,
  onEdit,
  onDoneEditing,
  onDelete,
}: {
  level: ExperienceLevel;
  handle: ReactNode;
  canManage: boolean;
  editing: boolean;
  onEdit: () => void;
  onDoneEditing: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" mih={36}>
      {handle}
      <Text c="dimmed" size="sm" w={24} ta="right" aria-hidden>
        {level.position}.
      </Text>
      {editing ? (
        <RenameForm level={level} onDone={onDoneEditing} />
      ) : (
        <>
          <Text fw={500} style={{ flex: 1 }}>
            {level.name}
          </Text>
          {canManage ? (
            <Group gap={4}>
              <Tooltip label="Rename">
                <ActionIcon variant="subtle" color="gray" aria-label={`Rename ${level.name}`} onClick={onEdit}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${level.name}`} onClick={onDelete}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : null}
        </>
      )}
    </Group>
  );
}

/** /settings/experience-levels: the organisation's levels in order — add, rename, delete, drag to reorder. */
export function ExperienceLevelsPage() {
  const { currentOrganisation } = useAuth();
  const canManage = currentOrganisation?.permissions.includes('recruitment_settings.manage') ?? false;
  const levels = useExperienceLevels();
  const { remove, reorder } = useExperienceLevelMutations();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ExperienceLevel | null>(null);

  let content: ReactNode;
  if (!currentOrganisation) content = <NoOrganisation />;
  else if (levels.isPending) content = <Skeleton height={160} radius="md" />;
  else if (levels.isError)
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title="The levels could not be loaded">
        {levels.error.message}
      </Alert>
    );
  else if (levels.data.length === 0)
    content = (
      <EmptyState
        icon={<IconStairs size={28} aria-hidden />}
        withIndicatorBackground
        title="No experience levels yet"
        description={
          canManage ? 'Add the levels your job roles use, for example Junior, Senior and Lead.' : 'An admin has not set any up yet.'
        }
      />
    );
  else
    content = (
      <SortableList
        items={levels.data}
        label="Experience levels"
        sortable={canManage && editingId === null}
        onMove={(from, to) => reorder.mutate({ from, to })}
        renderRow={(level, handle) => (
          <LevelRow
            level={level}
            handle={handle}
            canManage={canManage}
            editing={editingId === level.id}
            onEdit={() => setEditingId(level.id)}
            onDoneEditing={() => setEditingId(null)}
            onDelete={() => setDeleting(level)}
          />
        )}
      />
    );

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Experience levels</Title>
        <Text c="dimmed">
          The levels your job roles are offered at, from the most junior to the most senior.
          {canManage ? ' Drag a level by its handle (or use space and the arrow keys) to change the order.' : ''}
        </Text>
      </Stack>
      {currentOrganisation && canManage ? <AddLevelForm /> : null}
      {content}
      <ConfirmModal
        subject={
          deleting
            ? {
                title: `Delete ${deleting.name}?`,
                message: `The level “${deleting.name}” will no longer be offered for job roles. The levels after it move up one place.`,
                confirmLabel: 'Delete level',
              }
            : null
        }
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess(`${deleting.name} deleted.`),
            onError: toastError,
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
