import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { ONBOARDING_TASK_TITLE_MAX, TASK_OWNER_KIND_LABELS, type HireDetail, type HireTask } from '@hireloop/contract/onboarding';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { showFieldErrorOrToast, toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useHireMutations, useOnboardingPermissions, useUserOptions } from '../api.ts';

/** Who owns the task, in words: the person, or the part when nobody fills it. */
export function ownerText(task: HireTask): string {
  if (task.owner_kind === 'new_hire') return 'The new hire';
  if (task.owner) return task.owner.name;
  if (task.owner_kind === 'user') return 'Nobody';
  return `${TASK_OWNER_KIND_LABELS[task.owner_kind]} (not set)`;
}

function TaskRow({ hire, task }: { hire: HireDetail; task: HireTask }) {
  const can = useOnboardingPermissions();
  const userId = useAuth().user?.id;
  const { updateTask, deleteTask } = useHireMutations(hire.id);
  // Without onboarding.manage only one's own tasks may be ticked (the server checks too).
  const mayTick = can.manage || (can.tasks && task.owner?.id === userId);
  const overdue = task.overdue && !task.done;
  // The box is off while its request is in flight, so a double click ticks once (updateTask toasts a refusal).
  const ticking = useSubmitOnce((done: boolean) => updateTask.mutateAsync({ taskId: task.id, done }), updateTask.isPending);
  const deleting = useSubmitOnce(async () => {
    try {
      await deleteTask.mutateAsync(task.id);
      toastSuccess('Task deleted.');
    } catch (error) {
      toastError(error);
    }
  }, deleteTask.isPending);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" data-testid="hire-task">
      <Checkbox
        mt={2}
        checked={task.done}
        disabled={!mayTick || ticking.busy}
        aria-label={`${task.title}: ${task.done ? 'done' : 'not done'}`}
        onChange={(event) => void ticking.run(event.currentTarget.checked)}
      />
      <Stack gap={0} style={{ flex: 1 }}>
        <Text size="sm" td={task.done ? 'line-through' : undefined} c={task.done ? 'dimmed' : undefined}>
          {task.title}
        </Text>
        <Text size="xs" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 700 : undefined}>
          {ownerText(task)}
          {task.due_date ? ` · due ${formatDay(task.due_date)}` : ''}
          {overdue ? ' · overdue' : ''}
          {task.done && task.done_by ? ` · done by ${task.done_by.name}` : ''}
        </Text>
      </Stack>
      {can.manage ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete task ${task.title}`}
          loading={deleting.busy}
          onClick={() => void deleting.run()}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

function AddTaskForm({ hire }: { hire: HireDetail }) {
  const { addTask } = useHireMutations(hire.id);
  const users = useUserOptions();
  const [title, setTitle] = useState('');
  const [owner, setOwner] = useState<string | null>(null);
  const [due, setDue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A second Enter or click while the task is being added is ignored.
  const adding = useSubmitOnce(async () => {
    if (title.trim() === '') {
      setError('Enter a title.');
      return;
    }
    setError(null);
    try {
      await addTask.mutateAsync({ title: title.trim(), owner_id: owner, due_date: due });
      setTitle('');
      setOwner(null);
      setDue(null);
    } catch (e) {
      showFieldErrorOrToast(e, 'title', setError);
    }
  }, addTask.isPending);
  return (
    <form
      aria-label="Add a task"
      onSubmit={(event) => {
        event.preventDefault();
        void adding.run();
      }}
    >
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label="New task"
          placeholder="Set up the e-mail account"
          maxLength={ONBOARDING_TASK_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error}
          style={{ flex: 3, minWidth: 180 }}
        />
        <Select label="Owner" data={users} searchable clearable value={owner} onChange={setOwner} style={{ flex: 2, minWidth: 140 }} />
        <DatePickerField label="Due" value={due} onChange={setDue} clearable style={{ flex: 1, minWidth: 130 }} />
        <Button type="submit" variant="default" leftSection={<IconPlus size={14} aria-hidden />} loading={adding.busy}>
          Add
        </Button>
      </Group>
    </form>
  );
}

/** The hire's checklist: tick (at once), who owns what and when it is due (overdue in red), add and delete. */
export function Checklist({ hire }: { hire: HireDetail }) {
  const can = useOnboardingPermissions();
  const done = hire.tasks.filter((t) => t.done).length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="hire-checklist">
      <Group justify="space-between">
        <Title order={3} size="h4" id="hire-checklist">
          Checklist
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {hire.tasks.length} done
        </Text>
      </Group>
      {hire.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet.
        </Text>
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {hire.tasks.map((task) => (
              <TaskRow key={task.id} hire={hire} task={task} />
            ))}
          </Stack>
        </Paper>
      )}
      {can.manage ? <AddTaskForm hire={hire} /> : null}
    </Stack>
  );
}
