import { Badge } from '@mantine/core';
import { OFFER_STATUS_LABELS, type OfferStatus } from '@hireloop/contract/offers';

const COLOURS: Record<OfferStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  approved: 'blue',
  sent: 'indigo',
  accepted: 'teal',
  declined: 'red',
  withdrawn: 'dark',
  expired: 'orange',
};

/** An offer's status as a labelled dot badge (the colour is never the only signal). */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge variant="dot" color={COLOURS[status]} data-status={status}>
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}
