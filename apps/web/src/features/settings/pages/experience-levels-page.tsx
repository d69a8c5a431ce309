import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconPlus, IconStairs, IconX } from '@tabler/icons-react';
import { EXPERIENCE_LEVEL_NAME_MAX, experienceLevelBody, type ExperienceLevel } from '@hireloop/contract/experience-levels';
import { SortableSettingsList } from '../../../components/sortable-settings-list.tsx';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { showFieldErrorOrToast, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useExperienceLevels } from '../../session/organisation-lists.ts';
import { useExperienceLevelMutations } from '../recruitment/api.ts';
import { NoOrganisation } from '../recruitment/components/no-organisation.tsx';

const resolveName = schemaResolver(experienceLevelBody, { sync: true });

/** Puts the server's message on the name; anything else becomes a toast. */
function showError(error: unknown, setFieldError: (field: string, message: string) => void) {
  showFieldErrorOrToast(error, 'name', (message) => setFieldError('name', message));
}

function AddLevelForm() {
  const { create } = useExperienceLevelMutations();
  const form = useForm({ initialValues: { name: '' }, validate: resolveName });
  const adding = useSubmitOnce(async ({ name }: { name: string }) => {
    try {
      const level = await create.mutateAsync(name.trim());
      toastSuccess(`${level.name} added.`);
      form.reset();
    } catch (error) {
      showError(error, form.setFieldError);
    }
  }, create.isPending);
  return (
    <form onSubmit={form.onSubmit((values) => void adding.run(values))}>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="New experience level"
          placeholder="e.g. Principal"
          maxLength={EXPERIENCE_LEVEL_NAME_MAX}
          style={{ flex: 1, maxWidth: 360 }}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={adding.busy}>
          Add level
        </Button>
      </Group>
    </form>
  );
}

function RenameForm({ level, onDone }: { level: ExperienceLevel; onDone: () => void }) {
  const { rename } = useExperienceLevelMutations();
  const form = useForm({ initialValues: { name: level.name }, validate: resolveName });
  const renaming = useSubmitOnce(async ({ name }: { name: string }) => {
    try {
      await rename.mutateAsync({ id: level.id, name: name.trim() });
      toastSuccess('Level renamed.');
      onDone();
    } catch (error) {
      showError(error, form.setFieldError);
    }
  }, rename.isPending);
  return (
    <form
      style={{ flex: 1 }}
      onSubmit={form.onSubmit((values) => void renaming.run(values))}
      onKeyDown={(event) => {
        // Like Cancel, Escape waits for a rename under way.
        if (event.key === 'Escape' && !renaming.busy) onDone();
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
        <ActionIcon type="submit" size="lg" variant="light" aria-label="Save name" loading={renaming.busy}>
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon size="lg" variant="subtle" color="gray" aria-label="Cancel renaming" onClick={onDone} disabled={renaming.busy}>
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}

/** /settings/experience-levels: the organisation's levels in order — add, rename, delete, drag to reorder. */
export function ExperienceLevelsPage() {
  const { currentOrganisation } = useAuth();
  const canManage = currentOrganisation?.permissions.includes('recruitment_settings.manage') ?? false;
  const levels = useExperienceLevels();
  const { remove, reorder } = useExperienceLevelMutations();

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
      {currentOrganisation ? (
        <SortableSettingsList
          query={levels}
          label="Experience levels"
          loading={{ height: 160 }}
          loadErrorTitle="The levels could not be loaded"
          empty={{
            icon: <IconStairs size={28} aria-hidden />,
            title: 'No experience levels yet',
            description: canManage
              ? 'Add the levels your job roles use, for example Junior, Senior and Lead.'
              : 'An admin has not set any up yet.',
          }}
          canManage={canManage}
          onMove={(from, to) =>
            // submit-once: exempt — a drag, not a click: the row moves at once, each drop is its own move
            reorder.mutate({ from, to })
          }
          editVerb="Rename"
          renderEditor={(level, onDone) => <RenameForm level={level} onDone={onDone} />}
          confirmDelete={(level) => ({
            title: `Delete ${level.name}?`,
            message: `The level “${level.name}” will no longer be offered for job roles. The levels after it move up one place.`,
            confirmLabel: 'Delete level',
          })}
          remove={remove}
        />
      ) : (
        <NoOrganisation />
      )}
    </Stack>
  );
}
