import { Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { INTERVIEW_TYPE_NAME_MAX, KIT_ITEMS_MAX, type InterviewType } from '@hireloop/contract/interviews';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableSettingsList } from '../../../../components/sortable-settings-list.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useInterviewTypes } from '../../../session/organisation-lists.ts';
import { useInterviewTypeMutations } from '../interview-types-api.ts';

/** One entry a line; blank lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

type KitValues = { name: string; questions: string; criteria: string };
type KitErrors = Partial<Record<keyof KitValues, string>>;
type KitBody = { name: string; questions: string[]; criteria: string[] };
/** What a save does to the form it came from: empty it after success, show a refusal. */
type KitFormHandle = { reset: () => void; fail: (error: unknown) => void };

function validate(values: KitValues): KitErrors {
  const errors: KitErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Enter a name.';
  else if (name.length > INTERVIEW_TYPE_NAME_MAX) errors.name = `The name may not be longer than ${INTERVIEW_TYPE_NAME_MAX} characters.`;
  if (linesOf(values.questions).length > KIT_ITEMS_MAX) errors.questions = `At most ${KIT_ITEMS_MAX} questions.`;
  if (linesOf(values.criteria).length > KIT_ITEMS_MAX) errors.criteria = `At most ${KIT_ITEMS_MAX} criteria.`;
  return errors;
}

function serverErrors(error: unknown): KitErrors | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const pick = (field: string) =>
    Object.entries(error.errors ?? {}).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1]?.[0];
  const found: KitErrors = { name: pick('name'), questions: pick('questions'), criteria: pick('criteria') };
  return found.name || found.questions || found.criteria ? found : null;
}

/**
 * The name and kit of a type (new or edited): questions and criteria one a line. The save runs in
 * the section, through its useSubmitOnce; `busy` is that run.
 */
function KitForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: KitValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: KitBody, form: KitFormHandle) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<KitErrors>({});
  const set = (field: keyof KitValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  return (
    <form
      style={{ flex: 1 }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = validate(values);
        setErrors(found);
        if (Object.values(found).some(Boolean)) return;
        onSubmit(
          { name: values.name.trim(), questions: linesOf(values.questions), criteria: linesOf(values.criteria) },
          {
            reset: () => setValues(initial),
            fail: (error) => {
              const mapped = serverErrors(error);
              if (mapped) setErrors(mapped);
              else toastError(error);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Type name"
          maxLength={INTERVIEW_TYPE_NAME_MAX}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <Group grow align="flex-start">
          <Textarea
            label="Questions"
            description="One a line."
            autosize
            minRows={2}
            value={values.questions}
            onChange={(e) => set('questions', e.currentTarget.value)}
            error={errors.questions}
          />
          <Textarea
            label="Criteria to rate"
            description="One a line; rated 1–4."
            autosize
            minRows={2}
            value={values.criteria}
            onChange={(e) => set('criteria', e.currentTarget.value)}
            error={errors.criteria}
          />
        </Group>
        <Group gap="xs">
          <Button type="submit" size="xs" loading={busy} leftSection={onCancel ? undefined : <IconPlus size={14} aria-hidden />}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

const kitValuesOf = (type: InterviewType): KitValues => ({
  name: type.name,
  questions: type.questions.join('\n'),
  criteria: type.criteria.join('\n'),
});

/** Settings → recruitment: the organisation's interview types and their default kits, in order. */
export function InterviewTypesSection({ canManage }: { canManage: boolean }) {
  const types = useInterviewTypes();
  const { create, update, remove, reorder } = useInterviewTypeMutations();
  const adding = useSubmitOnce(async (body: KitBody, form: KitFormHandle) => {
    try {
      const created = await create.mutateAsync(body);
      toastSuccess(`${created.name} added.`);
      form.reset();
    } catch (error) {
      form.fail(error);
    }
  }, create.isPending);
  // One editor is open at a time, so one guard serves them all.
  const saving = useSubmitOnce(async (type: InterviewType, body: KitBody, form: KitFormHandle, onDone: () => void) => {
    try {
      const saved = await update.mutateAsync({ id: type.id, ...body });
      toastSuccess(`${saved.name} saved.`);
      onDone();
    } catch (error) {
      form.fail(error);
    }
  }, update.isPending);
  return (
    <Stack gap="md" component="section" aria-labelledby="interview-types-title">
      <div>
        <Title order={2} size="h3" id="interview-types-title">
          Interview types
        </Title>
        <Text size="sm" c="dimmed">
          Offered when scheduling an interview; each fills in its questions and the criteria interviewers rate.
        </Text>
      </div>
      <SortableSettingsList<InterviewType>
        query={types}
        label="Interview types"
        loading={{ height: 160 }}
        loadErrorTitle="The interview types could not be loaded"
        empty={{
          icon: <IconCalendarEvent size={28} aria-hidden />,
          title: 'No interview types',
          description: 'Add the kinds of interview you run, such as a phone screen or a technical interview.',
        }}
        canManage={canManage}
        onMove={(from, to) =>
          // submit-once: exempt — a drag, not a click: the row moves at once, each drop is its own move
          reorder.mutate({ from, to })
        }
        editVerb="Edit"
        renderAfterName={(type) => (
          <Text size="sm" c="dimmed">
            {type.questions.length} question{type.questions.length === 1 ? '' : 's'} · {type.criteria.length} criteri
            {type.criteria.length === 1 ? 'on' : 'a'}
          </Text>
        )}
        renderEditor={(type, onDone) => (
          <KitForm
            initial={kitValuesOf(type)}
            submitLabel="Save"
            busy={saving.busy}
            onCancel={onDone}
            onSubmit={(body, form) => void saving.run(type, body, form, onDone)}
          />
        )}
        confirmDelete={(type) => ({
          title: `Delete ${type.name}?`,
          message: 'Interviews already scheduled with this type keep their title and kit.',
          confirmLabel: 'Delete',
        })}
        remove={remove}
      />
      {canManage ? (
        <KitForm
          initial={{ name: '', questions: '', criteria: '' }}
          submitLabel="Add interview type"
          busy={adding.busy}
          onSubmit={(body, form) => void adding.run(body, form)}
        />
      ) : null}
    </Stack>
  );
}
