import {
  Alert,
  Avatar,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ONBOARDING_TEXTS, type PublicNewHire } from '@hireloop/contract/onboarding';
import { IconCircleCheck, IconFileUpload, IconLinkOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PublicLinkProblem, PublicPageLoading, PublicTextBlock } from '../../../components/public-page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatDay } from '../../../lib/dates.ts';
import { HIRE_DOCUMENT_ACCEPT, hireDocumentProblem } from '../../../lib/hire-documents.ts';
import { describeError } from '../../../lib/toasts.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { useNewHire, useTickNewHireTask, useUploadNewHireDocument } from '../api.ts';
import { initials } from '@hireloop/contract/initials';

function Card({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
      {children}
    </Paper>
  );
}

function Person({ label, person }: { label: string; person: PublicNewHire['manager'] }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {person ? person.name : 'To be announced'}
        {person?.email ? (
          <Text span size="sm" c="dimmed" display="block">
            {person.email}
          </Text>
        ) : null}
      </Text>
    </div>
  );
}

type DocumentState = { progress: number | null; problem: string | null };

function DocumentRow({ token, document: doc }: { token: string; document: PublicNewHire['documents'][number] }) {
  const upload = useUploadNewHireDocument(token);
  const [state, setState] = useState<DocumentState>({ progress: null, problem: null });
  const headingId = `document-${doc.id}`;

  async function send(file: File | null) {
    if (!file) return;
    const refusal = hireDocumentProblem(file);
    if (refusal) {
      setState({ progress: null, problem: refusal });
      return;
    }
    setState({ progress: 0, problem: null });
    try {
      await upload(doc.id, file, (fraction) => setState({ progress: fraction, problem: null }));
      setState({ progress: null, problem: null });
    } catch (error) {
      setState({ progress: null, problem: describeError(error).message });
    }
  }

  const uploaded = doc.uploaded_at !== null;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={headingId} data-testid="new-hire-document">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600} id={headingId}>
              {doc.name}
            </Text>
            {doc.description ? (
              <Text size="sm" c="dimmed">
                {doc.description}
              </Text>
            ) : null}
          </Stack>
          {uploaded ? (
            <Badge color="teal.9" variant="filled" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              Received
            </Badge>
          ) : (
            <Badge variant="default">Needed</Badge>
          )}
        </Group>
        {uploaded && doc.filename ? (
          <Text size="sm">
            Uploaded: {doc.filename}
            {doc.uploaded_at ? ` on ${formatDate(doc.uploaded_at)}` : ''}
          </Text>
        ) : null}
        {state.progress !== null ? (
          <Stack gap={2}>
            <Progress value={Math.round(state.progress * 100)} aria-label={`Uploading ${doc.name}`} animated />
            <Text size="xs" c="dimmed" aria-live="polite">
              Uploading… {Math.round(state.progress * 100)}%
            </Text>
          </Stack>
        ) : null}
        {state.problem ? (
          <Alert color="red" variant="light" role="alert" title={`${doc.name} was not uploaded`}>
            {state.problem}
          </Alert>
        ) : null}
        <Group>
          <FileButton onChange={(file) => void send(file)} accept={HIRE_DOCUMENT_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant={uploaded ? 'default' : 'filled'}
                leftSection={<IconFileUpload size={16} aria-hidden />}
                loading={state.progress !== null}
                aria-label={`${uploaded ? 'Replace' : 'Upload'} ${doc.name}`}
              >
                {uploaded ? 'Replace file' : 'Upload file'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            PDF, PNG, JPEG, DOC or DOCX, up to 10 MB.
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

type Task = PublicNewHire['tasks'][number];

/** The hire's own tasks, ticked off or reopened at once; a refusal sets the box back and says why. */
function TaskList({ token, tasks }: { token: string; tasks: Task[] }) {
  const tick = useTickNewHireTask(token);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);

  // The boxes are off while a tick is saved, so a double click ticks once.
  const ticking = useSubmitOnce(async (task: Task, done: boolean) => {
    setProblem(null);
    try {
      await tick.mutateAsync({ taskId: task.id, done });
    } catch (error) {
      setProblem({ title: task.title, message: describeError(error).message });
    }
  }, tick.isPending);

  return (
    <Stack gap="xs">
      {problem ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={`${problem.title} was not saved`}
          withCloseButton
          onClose={() => setProblem(null)}
        >
          {problem.message}
        </Alert>
      ) : null}
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {tasks.map((task) => (
          <li key={task.id} data-testid="new-hire-task">
            <Checkbox
              checked={task.done}
              disabled={ticking.busy}
              onChange={(event) => void ticking.run(task, event.currentTarget.checked)}
              label={
                <Text span inherit td={task.done ? 'line-through' : undefined}>
                  {task.title}
                </Text>
              }
              description={task.due_date ? `by ${formatDay(task.due_date)}` : undefined}
            />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * /new-hire/:token — the new hire's page, no account needed: a welcome, their start date and
 * first-day information, who their manager and buddy are, their own tasks (to tick off), and the documents
 * asked for, uploaded one by one with progress. An unknown or replaced link says so plainly.
 */
export function NewHirePage() {
  const { token = '' } = useParams();
  const hire = useNewHire(token);

  if (hire.isPending) {
    return <PublicPageLoading label="Loading your page" />;
  }

  if (hire.isError) {
    const missing = hire.error instanceof ApiError && hire.error.status === 404;
    return (
      <PublicLinkProblem
        state={missing ? 'unknown' : 'failed'}
        icon={<IconLinkOff size={32} aria-hidden />}
        title={missing ? 'This link does not work' : 'Your page could not be loaded'}
        text={missing ? ONBOARDING_TEXTS.linkNotFound : describeError(hire.error).message}
      />
    );
  }

  const h = hire.data;
  const firstName = h.name.split(/\s+/)[0] ?? h.name;
  return (
    <Card>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          {h.organisation.logo_url ? (
            <Image src={h.organisation.logo_url} alt={`${h.organisation.name} logo`} h={48} w="auto" fit="contain" />
          ) : (
            <Avatar size="lg" color="dark" variant="filled" aria-hidden>
              {initials(h.organisation.name)}
            </Avatar>
          )}
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              {h.organisation.name}
            </Text>
            <Title order={1}>Welcome, {firstName}!</Title>
          </Stack>
        </Group>
        <Text>
          We are glad you are joining {h.organisation.name} as {h.role}. Here is what you need for your start.
        </Text>

        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0} spacing="md">
          <div>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
              Start date
            </Text>
            <Text component="dd" m={0} fw={500}>
              {h.start_date ? formatDay(h.start_date) : 'To be confirmed'}
            </Text>
          </div>
          <Person label="Your manager" person={h.manager} />
          <Person label="Your buddy" person={h.buddy} />
        </SimpleGrid>

        {h.first_day_info.trim() !== '' ? (
          <Stack gap="xs" component="section" aria-labelledby="first-day">
            <Title order={2} size="h4" id="first-day">
              Your first day
            </Title>
            <PublicTextBlock text={h.first_day_info} testId="first-day-info" />
          </Stack>
        ) : null}

        {h.tasks.length > 0 ? (
          <Stack gap="xs" component="section" aria-labelledby="your-tasks">
            <Title order={2} size="h4" id="your-tasks">
              Before you start
            </Title>
            <TaskList token={token} tasks={h.tasks} />
          </Stack>
        ) : null}

        {h.documents.length > 0 ? (
          <Stack gap="xs" component="section" aria-labelledby="your-documents">
            <Title order={2} size="h4" id="your-documents">
              Documents to send us
            </Title>
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {h.documents.map((doc) => (
                <DocumentRow key={doc.id} token={token} document={doc} />
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
