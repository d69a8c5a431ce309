import { Alert, Button, Group, Loader, Modal, Select, Stack } from '@mantine/core';
import type { AcceptedOffer } from '@hireloop/contract/onboarding';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError, toastSuccess } from '../../../lib/toasts.ts';
import { searchCandidates, useAcceptedOffers, useCreateHire, useOnboardingTemplates, useRoleOptions, useUserOptions } from '../api.ts';
import { useOrganisationId } from '../../session/auth-store.ts';

const SEARCH_DEBOUNCE_MS = 250;

type Props = {
  onClose: () => void;
  /** After the hire was added: its onboarding and id. */
  onCreated: (onboardingId: string, hireId: string) => void;
  /** Preset role (from a role's onboarding page). */
  roleId?: string;
};

const offerLabel = (o: AcceptedOffer) => `${o.candidate.name} — ${o.role.name}, starting ${formatDay(o.start_date)}`;

/**
 * "Add a hire" by hand: a candidate of the organisation (searched), a role, and optionally the start
 * date and people. Choosing an accepted offer (or a person who accepted one) fills in the person,
 * the role and the start date from it, and links the hire to the offer.
 */
export function AddHireModal({ onClose, onCreated, roleId }: Props) {
  const organisationId = useOrganisationId();
  const create = useCreateHire();
  const roles = useRoleOptions();
  const users = useUserOptions();
  const templates = useOnboardingTemplates();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [candidate, setCandidate] = useState<{ value: string; label: string } | null>(null);
  const [role, setRole] = useState<string | null>(roleId ?? null);
  const [startDate, setStartDate] = useState<string | null>(null);
  const [manager, setManager] = useState<string | null>(null);
  const [buddy, setBuddy] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [offerId, setOfferId] = useState<string | null>(null);
  const acceptedOffers = useAcceptedOffers();
  // On a role's page only that role's offers.
  const offerChoices = (acceptedOffers.data ?? []).filter((o) => roleId === undefined || o.role.id === roleId);

  function fromOffer(offer: AcceptedOffer | undefined) {
    setOfferId(offer?.offer_id ?? null);
    if (!offer) return;
    setCandidate({ value: offer.candidate.id, label: offer.candidate.name });
    setRole(offer.role.id);
    setStartDate(offer.start_date);
    setErrors({});
  }

  function chooseCandidate(option: { value: string; label: string } | null) {
    setCandidate(option);
    const offer = option ? offerChoices.find((o) => o.candidate.id === option.value) : undefined;
    if (offer) fromOffer(offer);
    else setOfferId(null);
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const candidates = useQuery({
    queryKey: ['organisation', organisationId, 'onboarding', 'candidate-search', debounced],
    queryFn: () => searchCandidates(debounced),
    enabled: organisationId !== '' && debounced.length >= 2,
  });
  // The chosen person stays an option while the search moves on.
  const candidateOptions = [
    ...(candidate ? [candidate] : []),
    ...(candidates.data ?? []).filter((option) => option.value !== candidate?.value),
  ];

  async function submit() {
    const missing: Record<string, string> = {};
    if (!candidate) missing.candidate_id = 'Choose the candidate who was hired.';
    if (!role) missing.role_id = 'Choose the role they were hired for.';
    setErrors(missing);
    setProblem(null);
    if (!candidate || !role) return;
    try {
      const hire = await create.mutateAsync({
        candidate_id: candidate.value,
        role_id: role,
        start_date: startDate,
        manager_id: manager,
        buddy_id: buddy,
        ...(template ? { template_id: template } : {}),
        ...(offerId ? { offer_id: offerId } : {}),
      });
      toastSuccess(`${hire.candidate.name} added to the onboarding of ${hire.role.name}.`);
      onCreated(hire.onboarding_id, hire.id);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? ''])));
      setProblem(describeError(error).message);
    }
  }
  const adding = useSubmitOnce(submit, create.isPending);

  return (
    <Modal opened onClose={onClose} title="Add a hire" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void adding.run();
        }}
      >
        <Stack gap="md">
          {offerChoices.length > 0 ? (
            <Select
              label="From an accepted offer"
              description="Fills in the person, the role and the start date from their offer."
              placeholder="Choose an accepted offer"
              clearable
              searchable
              data={offerChoices.map((o) => ({ value: o.offer_id, label: offerLabel(o) }))}
              value={offerId}
              onChange={(value) => fromOffer(offerChoices.find((o) => o.offer_id === value))}
              error={errors.offer_id}
              comboboxProps={{ keepMounted: false }}
            />
          ) : null}
          <Select
            label="Candidate"
            placeholder="Type a name or e-mail"
            withAsterisk
            searchable
            searchValue={term}
            onSearchChange={setTerm}
            data={candidateOptions}
            value={candidate?.value ?? null}
            onChange={(value) => chooseCandidate(candidateOptions.find((o) => o.value === value) ?? null)}
            filter={({ options }) => options}
            nothingFoundMessage={
              debounced.length < 2 ? 'Type at least two letters' : candidates.isFetching ? 'Searching…' : 'No candidate found'
            }
            rightSection={candidates.isFetching ? <Loader size="xs" aria-label="Searching candidates" /> : undefined}
            error={errors.candidate_id}
          />
          <Select
            label="Role"
            withAsterisk
            searchable
            data={roles}
            value={role}
            onChange={setRole}
            disabled={roleId !== undefined}
            error={errors.role_id}
          />
          <DatePickerField label="Start date" value={startDate} onChange={setStartDate} clearable error={errors.start_date} />
          <Group grow align="flex-start">
            <Select label="Manager" searchable clearable data={users} value={manager} onChange={setManager} error={errors.manager_id} />
            <Select label="Buddy" searchable clearable data={users} value={buddy} onChange={setBuddy} error={errors.buddy_id} />
          </Group>
          <Select
            label="Checklist template"
            description="Leave empty to use the role’s template."
            clearable
            data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={template}
            onChange={setTemplate}
            error={errors.template_id}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" title="The hire was not added">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={adding.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={adding.busy}>
              Add hire
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
