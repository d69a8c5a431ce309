import { Badge, Button, ColorInput, ColorSwatch, Group, Select, TextInput } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconProgressCheck } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { useSubmitOnce } from '../lib/submit-once.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';
import { SortableSettingsList } from './sortable-settings-list.tsx';

type StageValues<C extends string> = { name: string; colour: string; category: C };
type StageForm<C extends string> = UseFormReturnType<StageValues<C>>;
type Stage<C extends string> = StageValues<C> & { id: string; position: number };

/** The stage API of one product: its create, update, delete and reorder mutations. */
export type StageMutations<C extends string> = {
  create: { isPending: boolean; mutateAsync: (body: StageValues<C>) => Promise<{ name: string }> };
  update: { isPending: boolean; mutateAsync: (body: StageValues<C> & { id: string }) => Promise<unknown> };
  remove: { isPending: boolean; mutateAsync: (id: string) => Promise<unknown> };
  reorder: { mutate: (move: { from: number; to: number }) => void };
};

/** A product's stage categories: the options, their labels and the badge look of each (AA contrast). */
export type StageCategories<C extends string> = {
  values: readonly C[];
  labels: Record<C, string>;
  badges: Record<C, { color: string; variant: 'light' | 'filled' }>;
};

type Setup<C extends string> = {
  mutations: StageMutations<C>;
  categories: StageCategories<C>;
  validate: (values: StageValues<C>) => FormErrors;
  nameMax: number;
};

const SWATCHES = ['#228be6', '#4c6ef5', '#7950f2', '#e67700', '#0c8599', '#2b8a3e', '#c92a2a', '#868e96'];

/** Puts the server's field messages on the form; anything else becomes a toast. */
function showError<C extends string>(error: unknown, form: StageForm<C>) {
  const fields = error instanceof ApiError ? error.errors : undefined;
  const known = Object.entries(fields ?? {}).filter(([field]) => field === 'name' || field === 'colour' || field === 'category');
  if (known.length === 0) {
    toastError(error);
    return;
  }
  for (const [field, messages] of known) form.setFieldError(field, messages[0] ?? '');
}

/** Name, colour and category: the same three inputs for adding and for editing a stage. */
function StageFields<C extends string>({
  form,
  setup,
  names,
}: {
  form: StageForm<C>;
  setup: Setup<C>;
  names: { name: string; colour: string; category: string };
}) {
  const options = setup.categories.values.map((value) => ({ value, label: setup.categories.labels[value] }));
  return (
    <>
      <TextInput
        label={names.name}
        maxLength={setup.nameMax}
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
        data={options}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        style={{ flex: 1, minWidth: 140 }}
        key={form.key('category')}
        {...form.getInputProps('category')}
      />
    </>
  );
}

function AddStageForm<C extends string>({
  setup,
  initialValues,
  addedMessage,
}: {
  setup: Setup<C>;
  initialValues: StageValues<C>;
  addedMessage: (name: string) => string;
}) {
  const { create } = setup.mutations;
  const form = useForm<StageValues<C>>({ initialValues, validate: setup.validate });
  const adding = useSubmitOnce(async (values: StageValues<C>) => {
    try {
      const stage = await create.mutateAsync({ ...values, name: values.name.trim() });
      toastSuccess(addedMessage(stage.name));
      form.reset();
    } catch (error) {
      showError(error, form);
    }
  }, create.isPending);
  return (
    <form onSubmit={form.onSubmit((values) => void adding.run(values))}>
      <Group align="flex-end" gap="sm">
        <StageFields form={form} setup={setup} names={{ name: 'New stage', colour: 'Colour', category: 'Category' }} />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={adding.busy}>
          Add stage
        </Button>
      </Group>
    </form>
  );
}

function EditStageForm<C extends string>({ stage, setup, onDone }: { stage: Stage<C>; setup: Setup<C>; onDone: () => void }) {
  const { update } = setup.mutations;
  const form = useForm<StageValues<C>>({
    initialValues: { name: stage.name, colour: stage.colour, category: stage.category },
    validate: setup.validate,
  });
  const saving = useSubmitOnce(async (values: StageValues<C>) => {
    try {
      await update.mutateAsync({ id: stage.id, ...values, name: values.name.trim() });
      toastSuccess('Stage saved.');
      onDone();
    } catch (error) {
      showError(error, form);
    }
  }, update.isPending);
  return (
    <form
      style={{ flex: 1 }}
      aria-label={`Edit ${stage.name}`}
      onSubmit={form.onSubmit((values) => void saving.run(values))}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onDone();
      }}
    >
      <Group align="flex-end" gap="sm">
        <StageFields form={form} setup={setup} names={{ name: 'Name', colour: 'Colour', category: 'Category' }} />
        <Group gap="xs">
          <Button type="submit" size="sm" loading={saving.busy}>
            Save
          </Button>
          <Button variant="default" size="sm" onClick={onDone} disabled={saving.busy}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}

type Props<C extends string, T extends Stage<C>> = Setup<C> & {
  query: UseQueryResult<T[]>;
  canManage: boolean;
  /** The add form's starting colour and category. */
  initialValues: StageValues<C>;
  /** The toast after adding, e.g. "Offer added to the pipeline." */
  addedMessage: (name: string) => string;
  /** The list's accessible name. */
  label: string;
  loadingHeight: number;
  loadErrorTitle: string;
  empty: { title: string; description: string };
  /** What the delete confirmation says happens to the stage (the server's own message shows if it refuses). */
  deleteMessage: (stage: T) => string;
};

/**
 * An organisation's ordered stages (recruitment pipeline, onboarding stages): the add form for
 * those who manage them, then the sortable list with name, colour and category, inline edit and
 * delete after a confirmation.
 */
export function OrderedStagesEditor<C extends string, T extends Stage<C>>(props: Props<C, T>) {
  const { mutations, categories, canManage } = props;
  const setup: Setup<C> = { mutations, categories, validate: props.validate, nameMax: props.nameMax };
  return (
    <>
      {canManage ? <AddStageForm setup={setup} initialValues={props.initialValues} addedMessage={props.addedMessage} /> : null}
      <SortableSettingsList
        query={props.query}
        label={props.label}
        loading={{ height: props.loadingHeight }}
        loadErrorTitle={props.loadErrorTitle}
        empty={{ icon: <IconProgressCheck size={28} aria-hidden />, ...props.empty }}
        canManage={canManage}
        onMove={(from, to) =>
          // submit-once: exempt — a drag, not a click: the row moves at once, each drop is its own move
          mutations.reorder.mutate({ from, to })
        }
        editVerb="Edit"
        renderEditor={(stage, onDone) => <EditStageForm stage={stage} setup={setup} onDone={onDone} />}
        renderBeforeName={(stage) => <ColorSwatch color={stage.colour} size={18} aria-hidden />}
        renderAfterName={(stage) => <Badge {...categories.badges[stage.category]}>{categories.labels[stage.category]}</Badge>}
        confirmDelete={(stage) => ({
          title: `Delete ${stage.name}?`,
          message: props.deleteMessage(stage),
          confirmLabel: 'Delete stage',
        })}
        remove={mutations.remove}
      />
    </>
  );
}
