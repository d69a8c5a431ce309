import { ActionIcon, Alert, Badge, Button, Checkbox, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CAREER_QUESTION_KINDS,
  CAREER_QUESTION_LABEL_MAX,
  CAREER_QUESTIONS_MAX,
  type CareerQuestionKind,
  type WebsiteRole,
} from '@hireloop/contract/website';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableList } from '../../../components/sortable-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useUpdateWebsiteRole } from '../api.ts';
import {
  QUESTION_KIND_LABELS,
  bodyOf,
  draftsOf,
  hasErrors,
  move,
  newDraft,
  noErrors,
  serverErrors,
  validateQuestions,
  type QuestionDraft,
  type QuestionErrors,
} from '../questions-model.ts';

const KIND_OPTIONS = CAREER_QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_LABELS[value] }));

type Props = { role: WebsiteRole | null; canManage: boolean; onClose: () => void };

/** A role's own questions on its application form: added, removed, reordered and saved together. */
export function QuestionsModal({ role, canManage, onClose }: Props) {
  return (
    <Modal
      opened={role !== null}
      onClose={onClose}
      title={role ? `Application questions: ${role.name}` : 'Application questions'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {role ? canManage ? <QuestionsEditor key={role.id} role={role} onDone={onClose} /> : <QuestionsList role={role} /> : null}
    </Modal>
  );
}

function QuestionsList({ role }: { role: WebsiteRole }) {
  if (role.questions.length === 0) {
    return <Text size="sm">Applicants answer only the standard questions (name, email, phone, links, résumé, cover note).</Text>;
  }
  return (
    <List type="ordered" spacing="xs">
      {role.questions.map((q) => (
        <List.Item key={q.id}>
          {q.label}{' '}
          <Text span size="sm" c="dimmed">
            ({QUESTION_KIND_LABELS[q.kind]}
            {q.required ? ', required' : ''})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function QuestionsEditor({ role, onDone }: { role: WebsiteRole; onDone: () => void }) {
  const [drafts, setDrafts] = useState<QuestionDraft[]>(() => draftsOf(role.questions));
  const [errors, setErrors] = useState<QuestionErrors>(noErrors);
  const update = useUpdateWebsiteRole();

  const change = (key: string, patch: Partial<QuestionDraft>) => {
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    if (errors.rows[key] && patch.label !== undefined) {
      setErrors((e) => ({ ...e, rows: Object.fromEntries(Object.entries(e.rows).filter(([k]) => k !== key)) }));
    }
  };
  const reorder = (from: number, to: number) => setDrafts((list) => move(list, from, to));

  async function save() {
    const found = validateQuestions(drafts);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await update.mutateAsync({ roleId: role.id, body: { questions: bodyOf(drafts) } });
      toastSuccess(`The questions for ${role.name} are saved.`);
      onDone();
    } catch (error) {
      const fromServer = error instanceof ApiError && error.errors ? serverErrors(drafts, error.errors) : noErrors();
      if (hasErrors(fromServer)) setErrors(fromServer);
      else toastError(error);
    }
  }
  const saving = useSubmitOnce(save, update.isPending);

  const items = drafts.map((d, index) => ({ ...d, id: d.key, name: d.label.trim() || `Question ${index + 1}` }));
  return (
    <Stack gap="md">
      <Text size="sm">
        Every application form asks for name, email, phone, links, résumé and a cover note. Add questions of your own for this role; the
        applicant sees them in this order.
      </Text>
      {drafts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questions of your own yet.
        </Text>
      ) : (
        <SortableList
          items={items}
          label={`Questions for ${role.name}`}
          sortable={drafts.length > 1}
          onMove={reorder}
          renderRow={(item, handle) => {
            const index = drafts.findIndex((d) => d.key === item.key);
            const n = index + 1;
            return (
              <Group gap="xs" align="flex-start" wrap="nowrap">
                {handle ? <div style={{ paddingTop: 4 }}>{handle}</div> : null}
                <Stack gap={6} style={{ flex: 1 }}>
                  <TextInput
                    label={`Question ${n}`}
                    placeholder="e.g. Do you need a visa to work here?"
                    required
                    maxLength={CAREER_QUESTION_LABEL_MAX}
                    value={item.label}
                    error={errors.rows[item.key]}
                    onChange={(e) => change(item.key, { label: e.currentTarget.value })}
                  />
                  <Group gap="md" align="center">
                    <Select
                      label="Answer type"
                      aria-label={`Answer type of question ${n}`}
                      data={KIND_OPTIONS}
                      allowDeselect={false}
                      value={item.kind}
                      onChange={(v) => v && change(item.key, { kind: v as CareerQuestionKind })}
                      comboboxProps={{ keepMounted: false }}
                      w={200}
                    />
                    <Checkbox
                      mt={22}
                      label="Required"
                      aria-label={`Question ${n} is required`}
                      checked={item.required}
                      onChange={(e) => change(item.key, { required: e.currentTarget.checked })}
                    />
                  </Group>
                </Stack>
                <Group gap={2} wrap="nowrap" pt={26}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move question ${n} up`}
                    disabled={index === 0}
                    onClick={() => reorder(index, index - 1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move question ${n} down`}
                    disabled={index === drafts.length - 1}
                    onClick={() => reorder(index, index + 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove question ${n}`}
                    onClick={() => setDrafts((list) => list.filter((d) => d.key !== item.key))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            );
          }}
        />
      )}
      {errors.list ? (
        <Alert color="red" variant="light" c="red" role="alert">
          {errors.list}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={drafts.length >= CAREER_QUESTIONS_MAX}
            onClick={() => setDrafts((list) => [...list, newDraft()])}
          >
            Add a question
          </Button>
          <Badge variant="default">
            {drafts.length} of {CAREER_QUESTIONS_MAX}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onDone} disabled={saving.busy}>
            Cancel
          </Button>
          <Button onClick={() => void saving.run()} loading={saving.busy}>
            Save questions
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
