import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  CANDIDATE_LINKS_MAX,
  CANDIDATE_SOURCES,
  CANDIDATE_SOURCE_LABELS,
  CONSENT_SOURCES,
  CONSENT_SOURCE_LABELS,
  updateCandidateBody,
  type ApplicationDetail,
  type CandidateSource,
  type ConsentSource,
} from '@hireloop/contract/candidates';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastPromise } from '../../../../lib/toasts.ts';
import { usePanelPermissions, useUpdateCandidate } from '../api.ts';
import { exactTime } from '../time.tsx';

type Values = {
  name: string;
  email: string;
  phone: string;
  location: string;
  links: string;
  source: CandidateSource;
  consent_source: ConsentSource | null;
  consent_note: string;
};
type Errors = Partial<Record<keyof Values, string>>;

function valuesOf(application: ApplicationDetail): Values {
  const c = application.candidate;
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    location: c.location ?? '',
    links: c.links.join('\n'),
    source: c.source,
    consent_source: c.consent_source,
    consent_note: c.consent_note ?? '',
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Server field names (`links.2`) onto this form's fields. */
function fieldErrorsOf(errors: Record<string, string[]>): Errors {
  const result: Errors = {};
  for (const [field, texts] of Object.entries(errors)) {
    const key = field.split('.')[0] as keyof Values;
    if (texts[0] && !result[key]) result[key] = texts[0];
  }
  return result;
}

/** Contact details, links and the consent record; editable by those who manage candidates. */
export function ProfileTab({ application }: { application: ApplicationDetail }) {
  const can = usePanelPermissions();
  const update = useUpdateCandidate(application);
  const readOnly = !can.manage || application.candidate.erased_at !== null;
  const [values, setValues] = useState<Values>(() => valuesOf(application));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function save() {
    const links = values.links
      .split(/\s+/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const body = {
      name: values.name,
      email: values.email,
      phone: blankToNull(values.phone),
      location: blankToNull(values.location),
      links,
      source: values.source,
      consent_source: values.consent_source,
      consent_note: blankToNull(values.consent_note),
    };
    const parsed = updateCandidateBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
      return setErrors(fieldErrorsOf(found));
    }
    try {
      await toastPromise(update.mutateAsync(parsed.data), { loading: 'Saving the profile…', success: 'Profile saved.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ email: error.message });
      else if (error instanceof ApiError && error.errors) setErrors(fieldErrorsOf(error.errors));
    }
  }
  // Enter in a field and the button both submit the form: one save at a time.
  const saving = useSubmitOnce(save, update.isPending);

  const consent = application.candidate;
  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void saving.run();
      }}
      aria-label="Candidate profile"
    >
      <TextInput
        label="Name"
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        readOnly={readOnly}
        required
      />
      <TextInput
        label="E-mail"
        type="email"
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={errors.email}
        readOnly={readOnly}
        required
      />
      <Group grow align="flex-start">
        <TextInput
          label="Phone"
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
          readOnly={readOnly}
        />
        <TextInput
          label="Location"
          value={values.location}
          onChange={(e) => set('location', e.currentTarget.value)}
          error={errors.location}
          readOnly={readOnly}
        />
      </Group>
      <Textarea
        label="Links"
        description={`LinkedIn, portfolio, GitHub… one per line, at most ${CANDIDATE_LINKS_MAX}.`}
        value={values.links}
        onChange={(e) => set('links', e.currentTarget.value)}
        error={errors.links}
        readOnly={readOnly}
        autosize
        minRows={2}
      />
      <Select
        label="Source"
        data={CANDIDATE_SOURCES.map((s) => ({ value: s, label: CANDIDATE_SOURCE_LABELS[s] }))}
        value={values.source}
        onChange={(v) => v && set('source', v as CandidateSource)}
        error={errors.source}
        readOnly={readOnly}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />

      <Title order={3} size="h5" mt="sm">
        Consent (GDPR)
      </Title>
      <Text size="sm" c="dimmed">
        Record how this person agreed to you keeping their data, or the legitimate interest you rely on. Without a basis the data may not be
        kept; candidates are anonymised automatically after the retention period set for the organisation.
      </Text>
      <Text size="sm">
        {consent.consent_at
          ? `Recorded ${exactTime(consent.consent_at)}${consent.consent_source ? ` (${CONSENT_SOURCE_LABELS[consent.consent_source]})` : ''}.`
          : 'No consent recorded yet.'}
      </Text>
      <Select
        label="How consent was given"
        placeholder="Not recorded"
        data={CONSENT_SOURCES.map((s) => ({ value: s, label: CONSENT_SOURCE_LABELS[s] }))}
        value={values.consent_source}
        onChange={(v) => set('consent_source', (v as ConsentSource | null) ?? null)}
        error={errors.consent_source}
        readOnly={readOnly}
        clearable
        comboboxProps={{ withinPortal: false }}
      />
      <Textarea
        label="Consent note"
        description="E.g. where the agreement is kept, or what the candidate agreed to."
        value={values.consent_note}
        onChange={(e) => set('consent_note', e.currentTarget.value)}
        error={errors.consent_note}
        readOnly={readOnly}
        autosize
        minRows={2}
      />
      {readOnly ? null : (
        <Group justify="flex-end">
          <Button type="submit" loading={saving.busy}>
            Save profile
          </Button>
        </Group>
      )}
    </Stack>
  );
}
