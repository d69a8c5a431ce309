import { Badge, Button, ColorInput, ColorSwatch, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconProgressCheck } from '@tabler/icons-react';
import {
  DEFAULT_ONBOARDING_STAGE_COLOUR,
  ONBOARDING_STAGE_CATEGORIES,
  ONBOARDING_STAGE_CATEGORY_LABELS,
  ONBOARDING_STAGE_NAME_MAX,
  createOnboardingStageBody,
  type OnboardingStage,
  type OnboardingStageCategory,
} from '@hireloop/contract/onboarding';
import { SortableSettingsList } from '../../../components/sortable-settings-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useOnboardingPermissions, useOnboardingStageMutations, useOnboardingStages } from '../api.ts';

type StageValues = { name: string; colour: string; category: OnboardingStageCategory };
type StageForm = UseFormReturnType<StageValues>;

const resolveStage = schemaResolver(createOnboardingStageBody, { sync: true });
const CATEGORY_OPTIONS = ONBOARDING_STAGE_CATEGORIES.map((value) => ({ value, label: ONBOARDING_STAGE_CATEGORY_LABELS[value] }));
/** Badge look per category; each passes WCAG AA contrast. */
const CATEGORY_BADGES: Record<OnboardingStageCategory, { color: string; variant: 'light' | 'filled' }> = {
  in_progress: { color: 'blue', variant: 'light' },
  done: { color: 'teal.9', variant: 'filled' },
};
const SWATCHES = ['#228be6', '#4c6ef5', '#7950f2', '#e67700', '#0c8599', '#2b8a3e', '#c92a2a', '#868e96'];

/** Puts the server's field messages on the form; anything else becomes a toast. */
function showError(error: unknown, form: StageForm) {
  const fields = error instanceof ApiError ? error.errors : undefined;
  const known = Object.entries(fields ?? {}).filter(([field]) => field === 'name' || field === 'colour' || field === 'category');
  if (known.length === 0) {
    toastError(error);
    return;
  }
  for (const [field, messages] of known) form.setFieldError(field, messages[0] ?? '');
}

function StageFields({ form, names }: { form: StageForm; names: { name: string; colour: string; category: string } }) {
  return (
    <>
      <TextInput
        label={names.name}
        maxLength={ONBOARDING_STAGE_NAME_MAX}
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

function AddStageForm() {
  const { create } = useOnboardingStageMutations();
  const form = useForm<StageValues>({
    initialValues: { name: '', colour: DEFAULT_ONBOARDING_STAGE_COLOUR, category: 'in_progress' },
    validate: resolveStage,
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        try {
          const stage = await create.mutateAsync({ ...values, name: values.name.trim() });
          toastSuccess(`${stage.name} added to the onboarding stages.`);
          form.reset();
        } catch (error) {
          showError(error, form);
        }
      })}
    >
      <Group align="flex-end" gap="sm">
        <StageFields form={form} names={{ name: 'New stage', colour: 'Colour', category: 'Category' }} />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>
          Add stage
        </Button>
      </Group>
    </form>
  );
}

function EditStageForm({ stage, onDone }: { stage: OnboardingStage; onDone: () => void }) {
  const { update } = useOnboardingStageMutations();
  const form = useForm<StageValues>({
    initialValues: { name: stage.name, colour: stage.colour, category: stage.category },
    validate: resolveStage,
  });
  return (
    <form
      style={{ flex: 1 }}
      aria-label={`Edit ${stage.name}`}
      onSubmit={form.onSubmit(async (values) => {
        try {
          await update.mutateAsync({ id: stage.id, ...values, name: values.name.trim() });
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
        <StageFields form={form} names={{ name: 'Name', colour: 'Colour', category: 'Category' }} />
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

/** The onboarding stages every role's onboarding uses: add, edit, delete, drag to reorder. */
export function StagesSection() {
  const can = useOnboardingPermissions();
  const stages = useOnboardingStages();
  const { remove, reorder } = useOnboardingStageMutations();
  return (
    <Stack gap="md" maw={900}>
      <Text c="dimmed" size="sm">
        The stages a hire moves through in every role’s onboarding, in order. Hires in a stage of the “Done” category count as onboarded.
        {can.settings ? ' Drag a stage by its handle (or use space and the arrow keys) to change the order.' : ''}
      </Text>
      {can.settings ? <AddStageForm /> : null}
      <SortableSettingsList
        query={stages}
        label="Onboarding stages"
        loading={{ height: 200 }}
        loadErrorTitle="The onboarding stages could not be loaded"
        empty={{
          icon: <IconProgressCheck size={28} aria-hidden />,
          title: 'No onboarding stages yet',
          description: 'Add the stages a new hire goes through, from offer accepted to done.',
        }}
        canManage={can.settings}
        onMove={(from, to) => reorder.mutate({ from, to })}
        editVerb="Edit"
        renderEditor={(stage, onDone) => <EditStageForm stage={stage} onDone={onDone} />}
        renderBeforeName={(stage) => <ColorSwatch color={stage.colour} size={18} aria-hidden />}
        renderAfterName={(stage) => <Badge {...CATEGORY_BADGES[stage.category]}>{ONBOARDING_STAGE_CATEGORY_LABELS[stage.category]}</Badge>}
        confirmDelete={(stage) => ({
          title: `Delete ${stage.name}?`,
          message: `The stage “${stage.name}” will be removed from every role’s onboarding. A stage that still holds hires cannot be deleted.`,
          confirmLabel: 'Delete stage',
        })}
        remove={remove}
      />
    </Stack>
  );
}
