import { Alert, Badge, Button, Divider, Drawer, Group, Loader, Modal, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OFFER_CONTRACT_TYPE_LABELS, OFFER_TEXTS, type Offer, type OfferApproval } from '@hireloop/contract/offers';
import { candidateOperations } from '@hireloop/contract/operations/candidates';
import { IconCheck, IconMailForward, IconPencil, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../../../lib/dates.ts';
import { call } from '../../../../lib/operations.ts';
import { describeError, toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';
import { useDecideOffer, useOffer, useOfferAction, useUpdateOffer, type OfferAction } from '../api.ts';
import { formatSalary, toOfferBody } from '../offer-model.ts';
import { approverReplaced } from '../../candidate-panel/activity-text.ts';
import { LetterPreview } from './letter-preview.tsx';
import { OfferForm } from './offer-form.tsx';
import { OfferStatusBadge } from './offer-status-badge.tsx';
import { SalaryRangeNote } from './salary-range-note.tsx';
import { useOrganisationId } from '../../../session/auth-store.ts';

const EVENT_TEXT: Record<string, string> = {
  'offer.created': 'created the offer',
  'offer.submitted': 'submitted it for approval',
  'offer.approved': 'approved it',
  'offer.rejected': 'rejected it',
  'offer.sent': 'sent it to the candidate',
  'offer.accepted': 'The candidate accepted',
  'offer.declined': 'The candidate declined',
  'offer.withdrawn': 'withdrew it',
  'offer.expired': 'The offer expired',
};

/** The offer's status changes, from the candidate's timeline (activities of this offer only). */
function useOfferTimeline(offer: Offer | undefined) {
  const org = useOrganisationId();
  const candidateId = offer?.candidate.id ?? '';
  return useQuery({
    queryKey: [...queryKeys.offers(org), 'timeline', offer?.id ?? '', offer?.updated_at ?? ''],
    queryFn: async () => {
      const page = await call(candidateOperations.activities, { params: { candidate: candidateId }, query: { per_page: 100 } });
      return page.activities.data.filter((a) => a.type.startsWith('offer.') && a.data.offer_id === offer?.id).reverse();
    },
    enabled: org !== '' && candidateId !== '',
  });
}

function OfferTimeline({ offer }: { offer: Offer }) {
  const timeline = useOfferTimeline(offer);
  if (timeline.isPending) return <Loader size="xs" aria-label="Loading the status history" />;
  const events = timeline.data ?? [];
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Created {formatDateTime(offer.created_at)}
        {offer.created_by ? ` by ${offer.created_by.name}` : ''}.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length - 1} aria-label="Status history">
      {events.map((a) => {
        const text = EVENT_TEXT[a.type] ?? a.type;
        // An approver who left the organisation: who now approves in their place.
        const sentence =
          a.type === 'offer.approver_replaced' ? approverReplaced(a.data) : text.startsWith('The ') ? text : `${a.actor.name} ${text}`;
        const comment = typeof a.data.comment === 'string' ? a.data.comment : typeof a.data.reason === 'string' ? a.data.reason : null;
        return (
          <Timeline.Item key={a.id} title={<Text size="sm">{sentence}</Text>}>
            <Text size="xs" c="dimmed">
              {formatDateTime(a.created_at)}
            </Text>
            {comment ? <Text size="sm">“{comment}”</Text> : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

const DECISION_COLOURS = { pending: 'gray', approved: 'teal', rejected: 'red' } as const;

function Approvals({ offer }: { offer: Offer }) {
  if (offer.approvals.length === 0) return <Text size="sm">No approvers: the offer is approved when submitted.</Text>;
  const ordered = offer.approvals.slice().sort((a, b) => a.position - b.position);
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Approvals, in order">
      {ordered.map((a: OfferApproval) => (
        <li key={a.approver.id}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {a.position}. {a.approver.name}
            </Text>
            <Badge size="sm" variant="light" color={DECISION_COLOURS[a.decision]}>
              {a.decision === 'pending' && offer.current_approver_id === a.approver.id ? 'Awaiting decision' : a.decision}
            </Badge>
            {a.decided_at ? (
              <Text size="xs" c="dimmed">
                {formatDateTime(a.decided_at)}
              </Text>
            ) : null}
          </Group>
          {a.comment ? (
            <Text size="sm" ml="md">
              “{a.comment}”
            </Text>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}

/** Approve (optional comment) or reject (comment required): only for the current approver. */
export function DecisionPanel({ offer }: { offer: Offer }) {
  const decide = useDecideOffer();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deciding = useSubmitOnce(run, decide.isPending);
  if (!offer.policies.decide) return null;
  async function run(decision: 'approve' | 'reject') {
    const text = comment.trim();
    if (decision === 'reject' && text === '') {
      setError(OFFER_TEXTS.commentRequired);
      return;
    }
    setError(null);
    try {
      if (decision === 'approve') await decide.mutateAsync({ offerId: offer.id, decision, body: { comment: text === '' ? null : text } });
      else await decide.mutateAsync({ offerId: offer.id, decision, body: { comment: text } });
      setComment('');
      toastSuccess(decision === 'approve' ? 'You approved the offer.' : 'You rejected the offer; it is back to draft.');
    } catch (e) {
      if (e instanceof ApiError && e.errors?.comment?.[0]) setError(e.errors.comment[0]);
      toastError(e);
    }
  }
  return (
    <Alert
      color="blue"
      variant="light"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title="Your decision is awaited"
      role="region"
      aria-label="Your decision"
    >
      <Stack gap="sm">
        <Textarea
          label="Comment"
          description="Optional when approving; required when rejecting."
          autosize
          minRows={2}
          value={comment}
          error={error}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group gap="sm">
          <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void deciding.run('approve')} loading={deciding.busy}>
            Approve
          </Button>
          <Button
            leftSection={<IconX size={16} aria-hidden />}
            color="red"
            variant="light"
            onClick={() => void deciding.run('reject')}
            loading={deciding.busy}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const CONFIRM: Record<'send' | 'withdraw', { title: string; message: (o: Offer) => string; confirmLabel: string }> = {
  send: {
    title: 'Send the offer?',
    message: (o) =>
      `${o.candidate.name} receives an e-mail at ${o.candidate.email ?? 'their address'} with a private link to read the letter and accept or decline.`,
    confirmLabel: 'Send offer',
  },
  withdraw: {
    title: 'Withdraw the offer?',
    message: (o) =>
      `The offer to ${o.candidate.name} is withdrawn${o.status === 'sent' ? ' and their link stops working' : ''}. This cannot be undone.`,
    confirmLabel: 'Withdraw offer',
  },
};

function OfferBody({ offer }: { offer: Offer }) {
  const action = useOfferAction();
  const update = useUpdateOffer();
  const [confirm, setConfirm] = useState<'send' | 'withdraw' | null>(null);
  const [editing, setEditing] = useState(false);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);
  const submitting = useSubmitOnce(() => perform('submit').catch(toastError), action.isPending);

  /** Rejects with the server's refusal: the confirmation shows it, Submit for approval toasts it. */
  async function perform(kind: OfferAction) {
    const next = await action.mutateAsync({ offerId: offer.id, action: kind });
    if (kind === 'send') setEmailedTo(next.candidate.email ?? offer.candidate.email);
    toastSuccess(
      kind === 'submit'
        ? next.status === 'approved'
          ? 'Offer approved (it has no approvers).'
          : 'Offer submitted for approval.'
        : kind === 'send'
          ? 'Offer sent to the candidate.'
          : 'Offer withdrawn.',
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <OfferStatusBadge status={offer.status} />
            <Text size="sm" c="dimmed">
              {offer.role.name} · {offer.recruitment.name}
            </Text>
          </Group>
          <Text fw={700} size="lg">
            {formatSalary(offer)}
          </Text>
        </Stack>
      </Group>

      <SalaryRangeNote check={offer.salary_range_check} role={offer.role} context={offer.policies.decide ? 'approver' : 'offer'} />

      <Stack gap={4} component="dl" m={0}>
        <Fact label="Start date" value={formatDay(offer.start_date)} />
        <Fact label="Expires on" value={formatDay(offer.expires_on)} />
        <Fact label="Contract" value={OFFER_CONTRACT_TYPE_LABELS[offer.contract_type]} />
        <Fact label="Bonus and equity" value={offer.bonus_note ?? 'None'} />
        {offer.decline_reason ? <Fact label="Decline reason" value={offer.decline_reason} /> : null}
      </Stack>

      {emailedTo || offer.status === 'sent' ? (
        <Alert
          color="teal"
          variant="light"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          icon={<IconMailForward size={18} aria-hidden />}
          role="status"
          title="Sent to the candidate"
        >
          The link to the offer was e-mailed to {emailedTo ?? offer.candidate.email ?? 'the candidate'}
          {offer.sent_at ? ` on ${formatDateTime(offer.sent_at)}` : ''}. It works until the offer expires.
        </Alert>
      ) : null}

      <DecisionPanel offer={offer} />

      {/* The server says what the caller may do with this offer (packages/contract/src/policies/offers.ts). */}
      {offer.policies.submit || offer.policies.send || offer.policies.update || offer.policies.withdraw ? (
        <Group gap="sm">
          {offer.policies.submit ? (
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => void submitting.run()} loading={submitting.busy}>
              Submit for approval
            </Button>
          ) : null}
          {offer.policies.send ? (
            <Button leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => setConfirm('send')}>
              Send to candidate
            </Button>
          ) : null}
          {offer.policies.update ? (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          {offer.policies.withdraw ? (
            <Button variant="subtle" color="red" onClick={() => setConfirm('withdraw')}>
              Withdraw
            </Button>
          ) : null}
        </Group>
      ) : null}

      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Approvals
        </Title>
        <Approvals offer={offer} />
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          Offer letter
        </Title>
        <LetterPreview
          url={offer.letter_preview_url}
          filename={`Offer letter - ${offer.candidate.name}.pdf`}
          note={
            offer.letter_text
              ? 'The letter as sent to the candidate.'
              : 'A preview from the current letter template; the letter is fixed when sent.'
          }
        />
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          Status history
        </Title>
        <OfferTimeline offer={offer} />
      </Stack>

      <ConfirmModal
        subject={
          confirm
            ? { title: CONFIRM[confirm].title, message: CONFIRM[confirm].message(offer), confirmLabel: CONFIRM[confirm].confirmLabel }
            : null
        }
        pending={action.isPending}
        failedTitle={confirm === 'send' ? 'The offer was not sent' : 'The offer was not withdrawn'}
        onConfirm={() => (confirm ? perform(confirm) : Promise.resolve())}
        onClose={() => setConfirm(null)}
      />
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit the offer"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing ? (
          <OfferForm
            recruitmentId={offer.recruitment.id}
            offer={offer}
            onSubmit={async (values) => {
              await update.mutateAsync({ offerId: offer.id, body: { ...toOfferBody(values), version: offer.version } });
              toastSuccess('Offer saved.');
              setEditing(false);
            }}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" fw={600} w={140}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The offer in a slide-over: terms, actions, approvals in order, the letter and its status history. */
export function OfferDrawer({ offerId, onClose }: { offerId: string | null; onClose: () => void }) {
  // The last offer opened stays shown while the drawer slides out: its title would otherwise fall
  // back to "Offer" and its body to the loader for the length of the transition.
  const [shownId, setShownId] = useState(offerId);
  if (offerId !== null && offerId !== shownId) setShownId(offerId);
  const offer = useOffer(shownId);
  const notFound = offer.error instanceof ApiError && offer.error.status === 404;
  return (
    <Drawer
      opened={offerId !== null}
      onClose={onClose}
      position="right"
      size="min(44rem, 100%)"
      title={offer.data ? `Offer to ${offer.data.candidate.name}` : 'Offer'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
    >
      {offer.isPending ? (
        <Loader aria-label="Loading the offer" />
      ) : offer.isError ? (
        <Alert color="red" variant="light" title={notFound ? OFFER_TEXTS.notFound : 'The offer could not be loaded'}>
          {notFound ? 'It may have been removed, or it is another organisation’s.' : describeError(offer.error).message}
        </Alert>
      ) : (
        <OfferBody key={offer.data.id} offer={offer.data} />
      )}
    </Drawer>
  );
}
