import {
  ActionIcon,
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DUE_DAYS_MAX,
  FIRST_DAY_INFO_MAX,
  ONBOARDING_DOCUMENT_DESCRIPTION_MAX,
  ONBOARDING_DOCUMENT_NAME_MAX,
  ONBOARDING_TASK_TITLE_MAX,
  ONBOARDING_TEMPLATE_NAME_MAX,
  TASK_OWNER_KINDS,
  TASK_OWNER_KIND_LABELS,
  onboardingTemplateBody,
  type OnboardingTemplate,
  type TaskOwnerKind,
} from '@hireloop/contract/onboarding';
import { IconChecklist, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AddRowButton, RemoveRowButton } from '../../../components/row-list-buttons.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError, toastSuccess } from '../../../lib/toasts.ts';
import { useOnboardingPermissions, useOnboardingTemplateMutations, useOnboardingTemplates, useUserOptions } from '../api.ts';

type TaskRow = { key: string; id?: string; title: string; owner: TaskOwnerKind; owner_user_id: string | null; due_days: number | string };
type DocumentRow = { key: string; id?: string; name: string; description: string };
export type TemplateValues = { name: string; first_day_info: string; tasks: TaskRow[]; documents: DocumentRow[] };

const OWNER_OPTIONS = TASK_OWNER_KINDS.map((value) => ({ value, label: TASK_OWNER_KIND_LABELS[value] }));
let rowKey = 0;
const nextKey = () => `row-${++rowKey}`;

/** "On the start date", "3 days before the start date", "1 day after the start date". */
export function describeDueDays(days: number): string {
  if (days === 0) return 'on the start date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the start date`;
}

function valuesOf(template: OnboardingTemplate | null): TemplateValues {
  return {
    name: template?.name ?? '',
    first_day_info: template?.first_day_info ?? '',
    tasks: (template?.tasks ?? []).map((t) => ({ key: nextKey(), ...t })),
    documents: (template?.documents ?? []).map((d) => ({ key: nextKey(), ...d })),
  };
}

/** The body the server takes, from the form (blank due days count as the start date). */
export function templateBody(values: TemplateValues) {
  return {
    name: values.name.trim(),
    first_day_info: values.first_day_info.trim(),
    tasks: values.tasks.map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      title: t.title.trim(),
      owner: t.owner,
      owner_user_id: t.owner === 'user' ? t.owner_user_id : null,
      due_days: t.due_days === '' ? 0 : Number(t.due_days),
    })),
    documents: values.documents.map((d) => ({ ...(d.id ? { id: d.id } : {}), name: d.name.trim(), description: d.description.trim() })),
  };
}

/** Server field messages (`tasks.0.title`) land on the form's fields of the same path. */
function validate(values: TemplateValues): Record<string, string> {
  const parsed = onboardingTemplateBody.safeParse(templateBody(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

function TemplateEditor({ template, onClose }: { template: OnboardingTemplate | null; onClose: () => void }) {
  const { create, update } = useOnboardingTemplateMutations();
  const users = useUserOptions();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TemplateValues>({ initialValues: valuesOf(template), validate });

  async function save(values: TemplateValues) {
    setProblem(null);
    const body = templateBody(values);
    try {
      if (template) await update.mutateAsync({ id: template.id, ...body });
      else await create.mutateAsync(body);
      toastSuccess(template ? 'Template saved.' : `Template “${body.name}” created.`);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : undefined;
      if (fields && Object.keys(fields).length > 0) {
        for (const [field, messages] of Object.entries(fields)) form.setFieldError(field, messages[0] ?? '');
      }
      setProblem(describeError(error).message);
    }
  }
  const saving = useSubmitOnce(save, create.isPending || update.isPending);

  return (
    <Modal
      opened
      onClose={onClose}
      title={template ? `Edit ${template.name}` : 'New checklist template'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit((values) => void saving.run(values))}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            maxLength={ONBOARDING_TEMPLATE_NAME_MAX}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Textarea
            label="First-day information"
            description="Shown to the new hire on their page: where to go, when, what to bring."
            autosize
            minRows={3}
            maxLength={FIRST_DAY_INFO_MAX}
            key={form.key('first_day_info')}
            {...form.getInputProps('first_day_info')}
          />

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h5" component="legend">
              Tasks
            </Title>
            {form.getValues().tasks.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tasks yet.
              </Text>
            ) : null}
            {form.getValues().tasks.map((task, index) => (
              <Group key={task.key} align="flex-start" gap="xs" wrap="wrap" data-testid="template-task">
                <TextInput
                  label="Task"
                  placeholder="Order a laptop"
                  maxLength={ONBOARDING_TASK_TITLE_MAX}
                  style={{ flex: 3, minWidth: 180 }}
                  key={form.key(`tasks.${index}.title`)}
                  {...form.getInputProps(`tasks.${index}.title`)}
                />
                <Select
                  label="Owner"
                  data={OWNER_OPTIONS}
                  allowDeselect={false}
                  style={{ flex: 2, minWidth: 140 }}
                  key={form.key(`tasks.${index}.owner`)}
                  {...form.getInputProps(`tasks.${index}.owner`)}
                />
                {task.owner === 'user' ? (
                  <Select
                    label="Colleague"
                    data={users}
                    searchable
                    style={{ flex: 2, minWidth: 160 }}
                    key={form.key(`tasks.${index}.owner_user_id`)}
                    {...form.getInputProps(`tasks.${index}.owner_user_id`)}
                  />
                ) : null}
                <NumberInput
                  label="Due (days from start)"
                  description={describeDueDays(task.due_days === '' ? 0 : Number(task.due_days))}
                  min={-DUE_DAYS_MAX}
                  max={DUE_DAYS_MAX}
                  allowDecimal={false}
                  style={{ flex: 1, minWidth: 150 }}
                  key={form.key(`tasks.${index}.due_days`)}
                  {...form.getInputProps(`tasks.${index}.due_days`)}
                />
                <RemoveRowButton
                  label={`Remove task ${task.title || index + 1}`}
                  onClick={() => form.removeListItem('tasks', index)}
                  color="red"
                  mt={26}
                  iconSize={18}
                />
              </Group>
            ))}
            <AddRowButton
              onClick={() =>
                form.insertListItem('tasks', { key: nextKey(), title: '', owner: 'manager', owner_user_id: null, due_days: 0 })
              }
            >
              Add a task
            </AddRowButton>
          </Stack>

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h5" component="legend">
              Documents to collect
            </Title>
            {form.getValues().documents.length === 0 ? (
              <Text size="sm" c="dimmed">
                No documents asked for.
              </Text>
            ) : null}
            {form.getValues().documents.map((doc, index) => (
              <Group key={doc.key} align="flex-start" gap="xs" data-testid="template-document">
                <TextInput
                  label="Document"
                  placeholder="Passport copy"
                  maxLength={ONBOARDING_DOCUMENT_NAME_MAX}
                  style={{ flex: 1, minWidth: 160 }}
                  key={form.key(`documents.${index}.name`)}
                  {...form.getInputProps(`documents.${index}.name`)}
                />
                <TextInput
                  label="Description"
                  maxLength={ONBOARDING_DOCUMENT_DESCRIPTION_MAX}
                  style={{ flex: 2, minWidth: 200 }}
                  key={form.key(`documents.${index}.description`)}
                  {...form.getInputProps(`documents.${index}.description`)}
                />
                <RemoveRowButton
                  label={`Remove document ${doc.name || index + 1}`}
                  onClick={() => form.removeListItem('documents', index)}
                  color="red"
                  mt={26}
                  iconSize={18}
                />
              </Group>
            ))}
            <AddRowButton onClick={() => form.insertListItem('documents', { key: nextKey(), name: '', description: '' })}>
              Add a document
            </AddRowButton>
          </Stack>

          {problem ? (
            <Alert color="red" variant="light" role="alert" title="The template was not saved">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.busy}>
              {template ? 'Save template' : 'Create template'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The checklist templates: what a new hire's tasks and documents start from. */
export function TemplatesSection() {
  const can = useOnboardingPermissions();
  const templates = useOnboardingTemplates();
  const { remove } = useOnboardingTemplateMutations();
  const [editing, setEditing] = useState<OnboardingTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OnboardingTemplate | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={640}>
          A template holds the tasks (with their owner and when they are due, relative to the start date), the documents to collect and the
          first-day information. A role’s onboarding uses one; each new hire gets a copy.
        </Text>
        {can.settings ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            New template
          </Button>
        ) : null}
      </Group>
      {templates.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : templates.isError ? (
        <Alert color="red" title="The templates could not be loaded" role="alert">
          {templates.error.message}
        </Alert>
      ) : templates.data.length === 0 ? (
        <EmptyState
          icon={<IconChecklist size={28} aria-hidden />}
          withIndicatorBackground
          title="No checklist templates yet"
          description={
            can.settings
              ? 'Create a template with the tasks and documents every new hire of a role needs.'
              : 'The checklist templates your organisation sets up will be listed here.'
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {templates.data.map((template) => (
            <Card key={template.id} withBorder radius="md" component="article" aria-labelledby={`template-${template.id}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} size="h5" id={`template-${template.id}`}>
                    {template.name}
                  </Title>
                  {can.settings ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${template.name}`} onClick={() => setEditing(template)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${template.name}`} onClick={() => setDeleting(template)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
                <Text size="sm">
                  {template.tasks.length === 1 ? '1 task' : `${template.tasks.length} tasks`} ·{' '}
                  {template.documents.length === 1 ? '1 document' : `${template.documents.length} documents`}
                </Text>
                {template.tasks.slice(0, 4).map((task) => (
                  <Text key={task.id} size="xs" c="dimmed" lineClamp={1}>
                    {task.title} — {TASK_OWNER_KIND_LABELS[task.owner].toLowerCase()}, {describeDueDays(task.due_days)}
                  </Text>
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing ? <TemplateEditor template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmModal
        subject={
          deleting
            ? {
                title: `Delete ${deleting.name}?`,
                message: 'Hires who already have its tasks keep them; roles using it will have no template.',
                confirmLabel: 'Delete template',
              }
            : null
        }
        pending={remove.isPending}
        failedTitle="The template was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const name = deleting.name;
          await remove.mutateAsync(deleting.id);
          toastSuccess(`${name} deleted.`);
        }}
      />
    </Stack>
  );
}
