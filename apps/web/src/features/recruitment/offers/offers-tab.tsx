import { Alert, Button, EmptyState, Group, Modal, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { OFFER_STATUS_LABELS } from '@hireloop/contract/offers';
import { IconFileCertificate, IconLock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDay } from '../../../lib/dates.ts';
import { describeError, toastSuccess } from '../../../lib/toasts.ts';
import { useCreateOffer, useOfferPermissions, useRecruitmentOffers } from './api.ts';
import { OfferDrawer } from './components/offer-drawer.tsx';
import { OfferForm } from './components/offer-form.tsx';
import { OfferStatusBadge } from './components/offer-status-badge.tsx';
import { approvalProgress, formatSalary, toOfferBody } from './offer-model.ts';

/** The "Create offer" dialog; the new offer opens in the drawer. */
export function CreateOfferModal({
  opened,
  recruitmentId,
  application,
  onClose,
  onCreated,
}: {
  opened: boolean;
  recruitmentId: string;
  application?: { id: string; name: string };
  onClose: () => void;
  onCreated: (offerId: string) => void;
}) {
  const create = useCreateOffer();
  return (
    <Modal opened={opened} onClose={onClose} title="Create offer" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? (
        <OfferForm
          recruitmentId={recruitmentId}
          application={application}
          onSubmit={async (values) => {
            const offer = await create.mutateAsync({ applicationId: values.application_id, body: toOfferBody(values) });
            toastSuccess(`Draft offer to ${offer.candidate.name} created.`);
            onCreated(offer.id);
          }}
        />
      ) : null}
    </Modal>
  );
}

/** The offers tab of the interviews and offers screen: the recruitment's offers, "Create offer", and one offer in a drawer (`?offer=`). */
export function OffersTab({ recruitmentId }: { recruitmentId: string }) {
  const permissions = useOfferPermissions();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const offers = useRecruitmentOffers(recruitmentId, page, permissions.view);
  const openOffer = params.get('offer');
  const setOffer = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('offer', id);
        else next.delete('offer');
        return next;
      },
      { replace: id === null },
    );

  if (!permissions.view) {
    return (
      <EmptyState
        icon={<IconLock size={28} aria-hidden />}
        withIndicatorBackground
        title="Offers are not shown to you"
        description="Your role in this organisation does not include offers. Ask an admin if you need to see them."
      />
    );
  }

  const list = offers.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list ? `${list.meta.total} ${list.meta.total === 1 ? 'offer' : 'offers'}` : 'Loading offers…'}
        </Text>
        {permissions.manage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create offer
          </Button>
        ) : null}
      </Group>
      {offers.isError ? (
        <Alert color="red" variant="light" title="The offers could not be loaded" role="alert">
          {describeError(offers.error).message}
        </Alert>
      ) : !list ? (
        <Skeleton height={120} aria-hidden />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<IconFileCertificate size={28} aria-hidden />}
          withIndicatorBackground
          title="No offers yet"
          description="Offers made to candidates of this recruitment will be listed here with their approvals and status."
        />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Offers" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Candidate</Table.Th>
                <Table.Th scope="col">Salary</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Approvals</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((offer) => (
                <Table.Tr
                  key={offer.id}
                  data-testid="offer-row"
                  // The whole row opens the offer: a click anywhere on it, or Enter on the focused row.
                  tabIndex={0}
                  aria-label={`Offer to ${offer.candidate.name}, ${formatSalary(offer)}, ${OFFER_STATUS_LABELS[offer.status]}`}
                  onClick={() => setOffer(offer.id)}
                  onKeyDown={(event) => {
                    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
                    event.preventDefault();
                    setOffer(offer.id);
                  }}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td>
                    <Text size="sm" fw={500} c="var(--mantine-color-anchor)">
                      {offer.candidate.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatSalary(offer)}</Table.Td>
                  <Table.Td>
                    <OfferStatusBadge status={offer.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{approvalProgress(offer)}</Text>
                    {offer.policies.decide ? (
                      <Text size="xs" c="blue" fw={600}>
                        Waiting for you
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatDay(offer.expires_on)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list && list.meta.last_page > 1 ? (
        <Pagination value={page} onChange={setPage} total={list.meta.last_page} aria-label="Offer pages" />
      ) : null}
      <CreateOfferModal
        opened={creating}
        recruitmentId={recruitmentId}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setOffer(id);
        }}
      />
      <OfferDrawer offerId={openOffer} onClose={() => setOffer(null)} />
    </Stack>
  );
}
