import { Alert, Button, Group, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import {
  OFFER_APPROVAL_PEOPLE_MAX,
  OFFER_APPROVAL_ROLES,
  type OfferApprovalBody,
  type OfferApprovalRole,
  type OfferApprovalSetting,
} from '@hireloop/contract/organisation-settings';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { roleLabel } from '../../session/role-label.ts';
import { Section, SectionError, SectionSkeleton } from '../shared/section.tsx';
import { useOrganisationSettings, useUpdateOrganisation } from './api.ts';
import { useMembers } from '../../session/organisation-lists.ts';

type Kind = 'none' | 'role' | 'people';

const APPROVER_ROLES = new Set<string>(OFFER_APPROVAL_ROLES);

/** One line saying what the setting requires, for those who may not change it and after saving. */
export function describeOfferApproval(setting: OfferApprovalSetting | null): string {
  if (!setting) return 'No approval needed: an offer without approvers is approved when it is submitted.';
  if (setting.kind === 'role')
    return `A member with the role ${roleLabel(setting.role)} or higher, other than the person submitting, must approve every offer.`;
  return `${setting.people.map((p) => p.name).join(', then ')} must approve every offer, in this order.`;
}

function OfferApprovalForm({ setting, canEdit }: { setting: OfferApprovalSetting | null; canEdit: boolean }) {
  const update = useUpdateOrganisation();
  const members = useMembers(canEdit);
  const [kind, setKind] = useState<Kind>(setting?.kind ?? 'none');
  const [role, setRole] = useState<OfferApprovalRole>(setting?.kind === 'role' ? setting.role : 'admin');
  const [people, setPeople] = useState<string[]>(setting?.kind === 'people' ? setting.people.map((p) => p.id) : []);
  const [error, setError] = useState<string | null>(null);
  const unavailable = setting?.kind === 'people' ? setting.people.filter((p) => !p.can_approve) : [];

  async function save() {
    setError(null);
    const body: OfferApprovalBody | null =
      kind === 'none' ? null : kind === 'role' ? { kind: 'role', role } : { kind: 'people', user_ids: people };
    try {
      const { organisation } = await update.mutateAsync({ offer_approval: body });
      toastSuccess(describeOfferApproval(organisation.offer_approval));
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      else toastError(e);
    }
  }

  const saving = useSubmitOnce(save, update.isPending);

  if (!canEdit)
    return (
      <Stack gap="xs">
        <Text size="sm">{describeOfferApproval(setting)}</Text>
        <Text size="sm" c="dimmed">
          Only owners and admins can change this.
        </Text>
      </Stack>
    );

  const options = [
    ...(members.data ?? [])
      .filter((m) => APPROVER_ROLES.has(m.role))
      .map((m) => ({ value: m.id, label: `${m.name} (${roleLabel(m.role)})` })),
    ...unavailable.map((p) => ({ value: p.id, label: `${p.name} (can no longer approve)` })),
  ];

  return (
    <Stack gap="md" maw={520}>
      {unavailable.length > 0 ? (
        <Alert color="red" title="Offers cannot be submitted">
          {unavailable.map((p) => p.name).join(', ')} can no longer approve offers here. Choose who approves instead.
        </Alert>
      ) : null}
      <Radio.Group label="Offers need approval from" value={kind} onChange={(v) => setKind(v as Kind)}>
        <Stack gap="xs" mt="xs">
          <Radio value="none" label="No approval needed" description="An offer without approvers is approved when it is submitted." />
          <Radio
            value="role"
            label="A member with a role"
            description="At least one approver holds this role or a higher one, and is not the person submitting."
          />
          <Radio
            value="people"
            label="These people"
            description="Each of them approves, in this order, after any approvers the submitter adds. They cannot be removed from an offer."
          />
        </Stack>
      </Radio.Group>
      {kind === 'role' ? (
        <Select
          label="Role"
          data={OFFER_APPROVAL_ROLES.map((r) => ({ value: r, label: `${roleLabel(r)} or higher` }))}
          value={role}
          allowDeselect={false}
          onChange={(v) => v && setRole(v as OfferApprovalRole)}
        />
      ) : null}
      {kind === 'people' ? (
        <MultiSelect
          label="People, in approval order"
          placeholder={members.isLoading ? 'Loading colleagues…' : 'Search colleagues'}
          data={options}
          value={people}
          onChange={setPeople}
          searchable
          maxValues={OFFER_APPROVAL_PEOPLE_MAX}
          nothingFoundMessage="No colleague who can approve offers matches"
        />
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button onClick={() => void saving.run()} loading={saving.busy} disabled={kind === 'people' && people.length === 0}>
          Save approval setting
        </Button>
      </Group>
    </Stack>
  );
}

export function OfferApprovalSection({ canEdit }: { canEdit: boolean }) {
  const settings = useOrganisationSettings();
  return (
    <Section id="offer-approval" title="Offer approval" description="Who must approve an offer before it can be sent to the candidate.">
      {settings.data ? (
        <OfferApprovalForm key={JSON.stringify(settings.data.offer_approval)} setting={settings.data.offer_approval} canEdit={canEdit} />
      ) : settings.isError ? (
        <SectionError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SectionSkeleton rows={3} />
      )}
    </Section>
  );
}
