import { Alert, Button, Group, Modal, Select, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  APPLICATION_RATING_MAX,
  CANDIDATE_SOURCES,
  CANDIDATE_SOURCE_LABELS,
  CONSENT_SOURCES,
  CONSENT_SOURCE_LABELS,
  candidateFields,
  type Candidate,
  type CandidateSource,
  type ConsentSource,
  type CreateApplicationBody,
} from '@hireloop/contract/candidates';
import type { RecruitmentStatus } from '@hireloop/contract/recruitment-statuses';
import { useState } from 'react';
import type { z } from 'zod';
import { MultiStepForm, type FormStep } from '../../../../components/multi-step-form.tsx';
import { ReviewSummary } from '../../../../components/review-summary.tsx';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { DuplicateCandidateError, useCreateApplication } from '../api.ts';

export type AddCandidateValues = {
  name: string;
  email: string;
  phone: string;
  location: string;
  links: string[];
  source: CandidateSource;
  status_id: string | null;
  tags: string[];
  rating: string | null;
  consent_source: ConsentSource | null;
  consent_note: string;
};

export const EMPTY_CANDIDATE: AddCandidateValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  links: [],
  source: 'sourced',
  status_id: null,
  tags: [],
  rating: null,
  consent_source: null,
  consent_note: '',
};

/** The first message of a contract schema for a value, or null when it is valid. */
function check(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value.');
}

const VALIDATE = {
  name: (value: string) => check(candidateFields.name, value),
  email: (value: string) => check(candidateFields.email, value),
  phone: (value: string) => check(candidateFields.phone, value === '' ? null : value),
  location: (value: string) => check(candidateFields.location, value === '' ? null : value),
  links: (value: string[]) => check(candidateFields.links, value),
  consent_note: (value: string) => check(candidateFields.consent_note, value === '' ? null : value),
};

/** The POST body; `candidateId` reuses an existing person instead of creating one. */
export function toCreateBody(values: AddCandidateValues, candidateId?: string): CreateApplicationBody {
  const application = {
    status_id: values.status_id ?? undefined,
    source: values.source,
    rating: values.rating ? Number(values.rating) : null,
    tags: values.tags,
  };
  if (candidateId) return { candidate_id: candidateId, ...application };
  const blank = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    candidate: {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      phone: blank(values.phone),
      location: blank(values.location),
      links: values.links,
      consent_source: values.consent_source,
      consent_note: blank(values.consent_note),
    },
    ...application,
  };
}

function PersonStep({ form }: { form: UseFormReturnType<AddCandidateValues> }) {
  return (
    <Stack gap="sm">
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="E-mail" type="email" required {...form.getInputProps('email')} />
      <Group grow>
        <TextInput label="Phone" {...form.getInputProps('phone')} />
        <TextInput label="Location" {...form.getInputProps('location')} />
      </Group>
      <TagsInput label="Links" description="LinkedIn, portfolio, GitHub… Press Enter after each link." {...form.getInputProps('links')} />
    </Stack>
  );
}

function ApplicationStep({ form, statuses }: { form: UseFormReturnType<AddCandidateValues>; statuses: readonly RecruitmentStatus[] }) {
  return (
    <Stack gap="sm">
      <Select
        label="Source"
        data={CANDIDATE_SOURCES.map((s) => ({ value: s, label: CANDIDATE_SOURCE_LABELS[s] }))}
        allowDeselect={false}
        {...form.getInputProps('source')}
      />
      <Select
        label="Stage"
        placeholder="The first stage of the pipeline"
        data={statuses.filter((s) => s.category === 'in_progress').map((s) => ({ value: s.id, label: s.name }))}
        clearable
        {...form.getInputProps('status_id')}
      />
      <TagsInput label="Tags" description="Press Enter after each tag." {...form.getInputProps('tags')} />
      <Select
        label="Rating"
        placeholder="Not rated"
        data={Array.from({ length: APPLICATION_RATING_MAX }, (_, i) => ({
          value: String(i + 1),
          label: `${i + 1} of ${APPLICATION_RATING_MAX} stars`,
        }))}
        clearable
        {...form.getInputProps('rating')}
      />
    </Stack>
  );
}

function ConsentStep({ form }: { form: UseFormReturnType<AddCandidateValues> }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Privacy law (GDPR) needs a lawful basis to keep a person’s data. Recording how and when they agreed lets you show it later, and the
        retention period of your settings applies from it.
      </Text>
      <Select
        label="How consent was given"
        placeholder="Not recorded"
        data={CONSENT_SOURCES.map((s) => ({ value: s, label: CONSENT_SOURCE_LABELS[s] }))}
        clearable
        {...form.getInputProps('consent_source')}
      />
      <Textarea
        label="Consent note"
        description="For example: the e-mail in which they agreed."
        rows={3}
        {...form.getInputProps('consent_note')}
      />
    </Stack>
  );
}

function ReviewStep({ form, statuses }: { form: UseFormReturnType<AddCandidateValues>; statuses: readonly RecruitmentStatus[] }) {
  const v = form.values;
  const stage = statuses.find((s) => s.id === v.status_id)?.name ?? 'First stage';
  return (
    <ReviewSummary
      rows={[
        { label: 'Name', value: v.name.trim() || 'Not given yet' },
        { label: 'E-mail', value: v.email.trim() || 'Not given yet' },
        ...(v.phone ? [{ label: 'Phone', value: v.phone }] : []),
        ...(v.location ? [{ label: 'Location', value: v.location }] : []),
        ...(v.links.length > 0 ? [{ label: 'Links', value: v.links.join(', ') }] : []),
        { label: 'Source', value: CANDIDATE_SOURCE_LABELS[v.source] },
        { label: 'Stage', value: stage },
        ...(v.rating ? [{ label: 'Rating', value: `${v.rating} stars` }] : []),
        ...(v.tags.length > 0 ? [{ label: 'Tags', value: v.tags.join(', ') }] : []),
        { label: 'Consent', value: v.consent_source ? CONSENT_SOURCE_LABELS[v.consent_source] : 'Not recorded' },
      ]}
    />
  );
}

type Props = {
  recruitmentId: string;
  statuses: readonly RecruitmentStatus[];
  onClose: () => void;
  /** Opens the new application's slide-over. */
  onCreated: (applicationId: string) => void;
};

/** "Add a candidate": person → application → consent → review, with a draft per recruitment. */
export function AddCandidateModal({ recruitmentId, statuses, onClose, onCreated }: Props) {
  const create = useCreateApplication(recruitmentId);
  const [duplicate, setDuplicate] = useState<{ candidate: Candidate; values: AddCandidateValues } | null>(null);

  const steps: ReadonlyArray<FormStep<AddCandidateValues>> = [
    {
      id: 'person',
      label: 'Person',
      fields: ['name', 'email', 'phone', 'location', 'links'],
      render: (form) => <PersonStep form={form} />,
    },
    {
      id: 'application',
      label: 'Application',
      fields: ['source', 'status_id', 'tags', 'rating'],
      render: (form) => <ApplicationStep form={form} statuses={statuses} />,
    },
    { id: 'consent', label: 'Consent', fields: ['consent_source', 'consent_note'], render: (form) => <ConsentStep form={form} /> },
    { id: 'review', label: 'Review', fields: [], render: (form) => <ReviewStep form={form} statuses={statuses} /> },
  ];

  const created = (applicationId: string, name: string) => {
    toastSuccess(`${name} was added.`);
    onCreated(applicationId);
  };

  const addingExisting = useSubmitOnce(async () => {
    if (!duplicate) return;
    try {
      const application = await create.mutateAsync(toCreateBody(duplicate.values, duplicate.candidate.id));
      created(application.id, duplicate.candidate.name);
    } catch (error) {
      toastError(error);
    }
  }, create.isPending);

  return (
    <Modal opened onClose={onClose} title="Add a candidate" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {duplicate ? (
        <Stack gap="md" mb="md">
          <Alert color="yellow" title="This person is already in your organisation" role="alert">
            {duplicate.candidate.name} &lt;{duplicate.candidate.email}&gt; already exists — add them to this recruitment instead.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDuplicate(null)} disabled={addingExisting.busy}>
              Back to the form
            </Button>
            <Button onClick={() => void addingExisting.run()} loading={addingExisting.busy}>
              Add {duplicate.candidate.name} to this recruitment
            </Button>
          </Group>
        </Stack>
      ) : null}
      {/* Kept mounted behind the duplicate offer, so "Back to the form" keeps what was typed. */}
      <div hidden={duplicate !== null}>
        <MultiStepForm<AddCandidateValues>
          steps={steps}
          initialValues={EMPTY_CANDIDATE}
          validate={VALIDATE}
          draft={{ group: 'add-candidate', key: recruitmentId }}
          submitLabel="Add candidate"
          onSubmit={async (values) => {
            try {
              const application = await create.mutateAsync(toCreateBody(values));
              created(application.id, values.name.trim());
            } catch (error) {
              // A duplicate e-mail is offered above; any other failure goes back to the form (field errors or a toast).
              if (error instanceof DuplicateCandidateError) setDuplicate({ candidate: error.duplicate, values });
              else throw error;
            }
          }}
        />
      </div>
    </Modal>
  );
}
