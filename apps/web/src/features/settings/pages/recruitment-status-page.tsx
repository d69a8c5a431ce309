import { Badge, Button, ColorInput, ColorSwatch, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconProgressCheck } from '@tabler/icons-react';
import {
  DEFAULT_STATUS_COLOUR,
  RECRUITMENT_STATUS_NAME_MAX,
  STATUS_CATEGORIES,
  STATUS_CATEGORY_LABELS,
  createRecruitmentStatusBody,
  type RecruitmentStatus,
  type StatusCategory,
} from '@hireloop/contract/recruitment-statuses';
import { SortableSettingsList } from '../../../components/sortable-settings-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useRecruitmentStatusMutations, useRecruitmentStatuses } from '../recruitment/api.ts';
import { NoOrganisation } from '../recruitment/components/no-organisation.tsx';

type StatusValues = { name: string; colour: string; category: StatusCategory };
type StatusForm = UseFormReturnType<StatusValues>;

const resolveStatus = schemaResolver(createRecruitmentStatusBody, { sync: true });
const CATEGORY_OPTIONS = STATUS_CATEGORIES.map((value) => ({ value, label: STATUS_CATEGORY_LABELS[value] }));
/** Badge look per category; each passes WCAG AA contrast (a light green tint does not, so hired is filled). */
const CATEGORY_BADGES: Record<StatusCategory, { color: string; variant: 'light' | 'filled' }> = {
  in_progress: { color: 'blue', variant: 'light' },
  hired: { color: 'teal.9', variant: 'filled' },
  rejected: { color: 'red', variant: 'light' },
};
const SWATCHES = ['#228be6', '#4c6ef5', '#7950f2', '#e67700', '#0c8599', '#2b8a3e', '#c92a2a', '#868e96'];

/** Puts the server's field messages on the form; anything else becomes a toast. */
function showError(error: unknown, form: StatusForm) {
  const fields = error instanceof ApiError ? error.errors : undefined;
  const known = Object.entries(fields ?? {}).filter(([field]) => field === 'name' || field === 'colour' || field === 'category');
  if (known.length === 0) {
    toastError(error);
    return;
  }
  for (const [field, messages] of known) form.setFieldError(field, messages[0] ?? '');
}

/** Name, colour and category: the same three inputs for adding and for editing a stage. */
function StatusFields({ form, names }: { form: StatusForm; names: { name: string; colour: string; category: string } }) {
  return (
    <>
      <TextInput
        label={names.name}
        maxLength={RECRUITMENT_STATUS_NAME_MAX}
        style={{ flex: 2, minWidth: 160 }}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <ColorInput
        label={names.colour}
        format="hex"
        swatches={SWATCHES}
        withEyeDropper={false}
        style={{ flex: 1, minWidth: 130 }}
        key={form.key('colour')}
        {...form.getInputProps('colour')}
      />
      <Select
        label={names.category}
        data={CATEGORY_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        style={{ flex: 1, minWidth: 140 }}
        key={form.key('category')}
        {...form.getInputProps('category')}
      />
    </>
  );
}

function AddStatusForm() {
  const { create } = useRecruitmentStatusMutations();
  const form = useForm<StatusValues>({
    initialValues: { name: '', colour: DEFAULT_STATUS_COLOUR, category: 'in_progress' },
    validate: resolveStatus,
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          const status = await create.mutateAsync({ ...values, name: values.name.trim() });
          toastSuccess(`${status.name} added to the pipeline.`);
          form.reset();
        } catch (error) {
          showError(error, form);
        }
      })}
    >
      <Group align="flex-end" gap="sm">
        <StatusFields form={form} names={{ name: 'New stage', colour: 'Colour', category: 'Category' }} />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
          Add stage
        </Button>
      </Group>
    </form>
  );
}

function EditStatusForm({ status, onDone }: { status: RecruitmentStatus; onDone: () => void }) {
  const { update } = useRecruitmentStatusMutations();
  const form = useForm<StatusValues>({
    initialValues: { name: status.name, colour: status.colour, category: status.category },
    validate: resolveStatus,
  });
  return (
    <form
      style={{ flex: 1 }}
      aria-label={`Edit ${status.name}`}
      onSubmit={form.onSubmit(async (values) => {
        try {
          await update.mutateAsync({ id: status.id, ...values, name: values.name.trim() });
          toastSuccess('Stage saved.');
          onDone();
        } catch (error) {
          showError(error, form);
        }
      })}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onDone();
      }}
    >
      <Group align="flex-end" gap="sm">
        <StatusFields form={form} names={{ name: 'Name', colour: 'Colour', category: 'Category' }} />
        <Group gap="xs">
          <Button type="submit" size="sm" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" size="sm" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}

/** /settings/recruitment-status: the pipeline every recruitment uses — add, edit, delete, drag to reorder. */
export function RecruitmentStatusPage() {
  const { currentOrganisation } = useAuth();
  const canManage = currentOrganisation?.permissions.includes('recruitment_settings.manage') ?? false;
  const statuses = useRecruitmentStatuses();
  const { remove, reorder } = useRecruitmentStatusMutations();

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Recruitment status</Title>
        <Text c="dimmed">
          The stages a candidate moves through in every recruitment, in order. The pipeline always keeps at least one stage in progress, one
          for hires and one for rejections.
          {canManage ? ' Drag a stage by its handle (or use space and the arrow keys) to change the order.' : ''}
        </Text>
      </Stack>
      {currentOrganisation && canManage ? <AddStatusForm /> : null}
      {currentOrganisation ? (
        <SortableSettingsList
          query={statuses}
          label="Recruitment statuses"
          loading={{ height: 240 }}
          loadErrorTitle="The pipeline could not be loaded"
          empty={{
            icon: <IconProgressCheck size={28} aria-hidden />,
            title: 'No recruitment statuses yet',
            description: 'Add the stages of your pipeline: at least one in progress, one for hires and one for rejections.',
          }}
          canManage={canManage}
          onMove={(from, to) => reorder.mutate({ from, to })}
          editVerb="Edit"
          renderEditor={(status, onDone) => <EditStatusForm status={status} onDone={onDone} />}
          renderBeforeName={(status) => <ColorSwatch color={status.colour} size={18} aria-hidden />}
          renderAfterName={(status) => <Badge {...CATEGORY_BADGES[status.category]}>{STATUS_CATEGORY_LABELS[status.category]}</Badge>}
          confirmDelete={(status) => ({
            title: `Delete ${status.name}?`,
            message: `The stage “${status.name}” will be removed from the pipeline of every recruitment. The stages after it move up one place.`,
            confirmLabel: 'Delete stage',
          })}
          remove={remove}
        />
      ) : (
        <NoOrganisation />
      )}
    </Stack>
  );
}
