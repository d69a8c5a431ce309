import { Stack, Title } from '@mantine/core';
import type { Permission } from '@hireloop/contract/permissions';
import { useAuth } from '../../session/auth-store.ts';
import { AuditLogSection } from '../organisation/audit-log-section.tsx';
import { DangerZone } from '../organisation/danger-zone.tsx';
import { DetailsSection } from '../organisation/details-section.tsx';
import { OfferApprovalSection } from '../organisation/offer-approval-section.tsx';

/**
 * /settings/organisation: the organisation's details and who must approve offers (editable with
 * organisation.update), the danger zone (owner), and the audit log (audit.view). What the user may not do is not shown.
 */
export function OrganisationSettingsPage() {
  const { currentOrganisation } = useAuth();
  if (!currentOrganisation) return null;
  const may = (permission: Permission) => currentOrganisation.permissions.includes(permission);
  return (
    <Stack gap="lg">
      <Title order={1}>Organisation Settings</Title>
      <DetailsSection key={currentOrganisation.id} canEdit={may('organisation.update')} />
      <OfferApprovalSection key={`approval-${currentOrganisation.id}`} canEdit={may('organisation.update')} />
      {may('organisation.delete') ? <DangerZone organisationName={currentOrganisation.name} /> : null}
      {may('audit.view') ? <AuditLogSection key={currentOrganisation.id} /> : null}
    </Stack>
  );
}
