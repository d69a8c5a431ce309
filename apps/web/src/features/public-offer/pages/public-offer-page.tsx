import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { OFFER_COMMENT_MAX, OFFER_CONTRACT_TYPE_LABELS, OFFER_TEXTS, formatOfferPay, type PublicOffer } from '@hireloop/contract/offers';
import { IconCheck, IconCircleCheck, IconCircleX, IconClockX, IconDownload, IconLinkOff, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PublicLinkProblem, PublicPageLoading, PublicTextBlock } from '../../../components/public-page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError } from '../../../lib/toasts.ts';
import { useAnswerOffer, usePublicOffer } from '../api.ts';

/** Why the link cannot be used, from the server's answer (404 unknown, 410 expired or withdrawn). */
export type LinkProblem = 'unknown' | 'expired' | 'withdrawn' | 'failed';

export function linkProblemOf(error: unknown): LinkProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 404) return 'unknown';
  if (error.status === 410) return error.message === OFFER_TEXTS.linkWithdrawn ? 'withdrawn' : 'expired';
  return 'failed';
}

const PROBLEMS: Record<Exclude<LinkProblem, 'failed'>, { title: string; text: string; icon: ReactNode }> = {
  unknown: { title: 'This link does not work', text: OFFER_TEXTS.linkNotFound, icon: <IconLinkOff size={32} aria-hidden /> },
  expired: { title: 'This offer has expired', text: OFFER_TEXTS.linkExpired, icon: <IconClockX size={32} aria-hidden /> },
  withdrawn: { title: 'This offer was withdrawn', text: OFFER_TEXTS.linkWithdrawn, icon: <IconCircleX size={32} aria-hidden /> },
};

function Card({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl">
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {value}
      </Text>
    </div>
  );
}

function Decided({ offer }: { offer: PublicOffer }) {
  const accepted = offer.status === 'accepted';
  return (
    <Alert
      color={accepted ? 'teal' : 'gray'}
      // The light alert's tinted title falls below AA contrast; the body text colour passes.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      variant="light"
      icon={accepted ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
      title={accepted ? 'You accepted this offer' : 'You declined this offer'}
      role="status"
    >
      {accepted
        ? `Congratulations! ${offer.organisation.name} has been told and will be in touch about your start on ${formatDay(offer.start_date)}.`
        : `${offer.organisation.name} has been told. Thank you for considering them.`}
      {offer.decided_at ? ` (${formatDateTime(offer.decided_at)})` : ''}
    </Alert>
  );
}

/**
 * /offer/:token — the candidate's page, no account needed: the offer and its letter, and Accept or
 * Decline (with an optional reason), each confirmed. Expired, withdrawn, decided and unknown links say so.
 */
export function PublicOfferPage() {
  const { token = '' } = useParams();
  const offer = usePublicOffer(token);
  const answer = useAnswerOffer(token);
  const [confirm, setConfirm] = useState<'accept' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const answering = useSubmitOnce(answerWith, answer.isPending);

  async function answerWith(kind: 'accept' | 'decline') {
    setAnswerError(null);
    try {
      if (kind === 'accept') await answer.mutateAsync({ accept: true });
      else await answer.mutateAsync({ accept: false, body: { reason: reason.trim() === '' ? null : reason.trim() } });
      setConfirm(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConfirm(null);
        void offer.refetch();
      } else if (error instanceof ApiError && error.status === 410) {
        setConfirm(null);
        void offer.refetch();
      }
      setAnswerError(error instanceof ApiError && error.errors?.reason?.[0] ? error.errors.reason[0] : describeError(error).message);
    }
  }

  if (offer.isPending) {
    return <PublicPageLoading label="Loading the offer" />;
  }

  if (offer.isError) {
    const problem = linkProblemOf(offer.error);
    const shown =
      problem === 'failed'
        ? { title: 'The offer could not be loaded', text: describeError(offer.error).message, icon: <IconLinkOff size={32} aria-hidden /> }
        : PROBLEMS[problem];
    return <PublicLinkProblem state={problem} icon={shown.icon} title={shown.title} text={shown.text} />;
  }

  const o = offer.data;

  return (
    <Card>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {o.organisation.name}
          </Text>
          <Title order={1}>Your offer: {o.role}</Title>
          <Text>
            Dear {o.candidate_name}, {o.organisation.name} is pleased to offer you the position of {o.role}.
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0} spacing="md">
          <Fact label="Salary" value={formatOfferPay(o)} />
          <Fact label="Start date" value={formatDay(o.start_date)} />
          <Fact label="Contract" value={OFFER_CONTRACT_TYPE_LABELS[o.contract_type]} />
          <Fact label="Respond by" value={formatDay(o.expires_on)} />
          {o.bonus_note ? <Fact label="Bonus and equity" value={o.bonus_note} /> : null}
        </SimpleGrid>

        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              The offer letter
            </Title>
            <Anchor href={o.letter_url} target="_blank" rel="noopener" download>
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden />
                Download PDF
              </Group>
            </Anchor>
          </Group>
          <PublicTextBlock text={o.letter_text} testId="offer-letter" />
        </Stack>

        {answerError && confirm === null ? (
          <Alert color="red" variant="light" role="alert" title="Your answer was not recorded">
            {answerError}
          </Alert>
        ) : null}

        {o.status === 'sent' ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Please respond by {formatDay(o.expires_on)}.
            </Text>
            <Group grow>
              <Button size="md" leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setConfirm('accept')}>
                Accept offer
              </Button>
              <Button size="md" variant="default" leftSection={<IconX size={18} aria-hidden />} onClick={() => setConfirm('decline')}>
                Decline offer
              </Button>
            </Group>
          </Stack>
        ) : (
          <Decided offer={o} />
        )}
      </Stack>

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'accept' ? 'Accept this offer?' : 'Decline this offer?'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          {confirm === 'accept' ? (
            <Text size="sm">
              You accept the position of {o.role} at {o.organisation.name}, starting {formatDay(o.start_date)}. This cannot be undone here.
            </Text>
          ) : (
            <>
              <Text size="sm">{o.organisation.name} will be told that you decline. This cannot be undone here.</Text>
              <Textarea
                label="Reason (optional)"
                description="Anything you would like to tell them."
                autosize
                minRows={3}
                maxLength={OFFER_COMMENT_MAX}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            </>
          )}
          {answerError ? (
            <Alert color="red" variant="light" role="alert">
              {answerError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)} disabled={answering.busy}>
              Cancel
            </Button>
            <Button
              color={confirm === 'accept' ? undefined : 'red'}
              loading={answering.busy}
              onClick={() => confirm && void answering.run(confirm)}
            >
              {confirm === 'accept' ? 'Yes, accept' : 'Yes, decline'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
