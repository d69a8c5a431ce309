import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { offerPagePath } from '@hireloop/contract/offers';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDay } from '../../../../lib/dates.ts';
import { describeError } from '../../../../lib/toasts.ts';
import { useApplicationOffers, useOfferPermissions } from '../../offers/api.ts';
import { OfferStatusBadge } from '../../offers/components/offer-status-badge.tsx';
import { approvalProgress, formatSalary } from '../../offers/offer-model.ts';
import { CreateOfferModal } from '../../offers/offers-tab.tsx';

/** The slide-over's offers: this application's offers (each opens on the offers tab) and "Create offer". */
export function OffersSection({
  applicationId,
  recruitmentId,
  candidateName,
}: {
  applicationId: string;
  recruitmentId: string;
  candidateName?: string;
}) {
  const permissions = useOfferPermissions();
  const offers = useApplicationOffers(applicationId, permissions.view);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  if (!permissions.view) {
    return (
      <Text size="sm" c="dimmed">
        Your role does not include offers.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {permissions.manage ? (
        <Group>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setCreating(true)}>
            Create offer
          </Button>
        </Group>
      ) : null}
      {offers.isPending ? (
        <Loader size="sm" aria-label="Loading offers" />
      ) : offers.isError ? (
        <Alert color="red" variant="light" title="The offers could not be loaded">
          {describeError(offers.error).message}
        </Alert>
      ) : offers.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No offers for this candidate yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Offers">
          {offers.data.map((offer) => (
            <li key={offer.id}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={offerPagePath(offer.recruitment.id, offer.id)} size="sm" fw={500}>
                  {formatSalary(offer)}
                </Anchor>
                <OfferStatusBadge status={offer.status} />
                <Text size="xs" c="dimmed">
                  {approvalProgress(offer)} · expires {formatDay(offer.expires_on)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <CreateOfferModal
        opened={creating}
        recruitmentId={recruitmentId}
        application={{ id: applicationId, name: candidateName ?? 'This candidate' }}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(offerPagePath(recruitmentId, id));
        }}
      />
    </Stack>
  );
}
