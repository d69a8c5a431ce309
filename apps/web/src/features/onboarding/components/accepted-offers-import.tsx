import { Alert, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AcceptedOffer } from '@hireloop/contract/onboarding';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatDay } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { describeError, toastSuccess } from '../../../lib/toasts.ts';
import { useAcceptedOffers, useImportAcceptedOffers } from '../api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * People whose offers were accepted but who are not in onboarding (accepted before the organisation
 * subscribed to Onboarding, or removed since): a notice on the dashboard, and a dialog to pick them
 * and bring them in as hires with the role and start date of their offers.
 */
export function AcceptedOffersImport() {
  const offers = useAcceptedOffers();
  const [open, setOpen] = useState(false);
  const count = offers.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Alert
        color="blue"
        variant="light"
        c="var(--mantine-color-text)"
        styles={{ title: { color: 'inherit' } }}
        title={`${plural(count, 'accepted offer is', 'accepted offers are')} not in onboarding yet`}
        mb="md"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            For example hires who accepted before you subscribed to Onboarding. Bring them in with their role and start date.
          </Text>
          <Button size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} onClick={() => setOpen(true)}>
            Bring in hires
          </Button>
        </Stack>
      </Alert>
      {open && offers.data ? <ImportModal offers={offers.data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportModal({ offers, onClose }: { offers: AcceptedOffer[]; onClose: () => void }) {
  const importOffers = useImportAcceptedOffers();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(offers.map((o) => o.offer_id)));
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = chosen.size === offers.length;

  const submit = useSubmitOnce(async () => {
    setProblem(null);
    if (chosen.size === 0) {
      setProblem('Choose at least one accepted offer.');
      return;
    }
    try {
      const result = await importOffers.mutateAsync([...chosen]);
      const brought = plural(result.hires.length, 'hire', 'hires');
      toastSuccess(
        result.skipped.length > 0
          ? `${brought} brought into onboarding; ${plural(result.skipped.length, 'was', 'were')} already in it.`
          : `${brought} brought into onboarding.`,
      );
      onClose();
    } catch (error) {
      setProblem(describeError(error).message);
    }
  }, importOffers.isPending);

  return (
    <Modal opened onClose={onClose} title="Bring in hires from accepted offers" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Each one enters the onboarding of their role, with the start date of their offer and the role’s checklist. No e-mail goes out;
            send the new-hire link from the hire when you are ready.
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Accepted offers not in onboarding" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={40}>
                    <Checkbox
                      aria-label="Choose all"
                      checked={allChosen}
                      indeterminate={!allChosen && chosen.size > 0}
                      onChange={() => setChosen(allChosen ? new Set() : new Set(offers.map((o) => o.offer_id)))}
                    />
                  </Table.Th>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Start date</Table.Th>
                  <Table.Th scope="col">Accepted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {offers.map((o) => (
                  <Table.Tr key={o.offer_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Bring in ${o.candidate.name}`}
                        checked={chosen.has(o.offer_id)}
                        onChange={() => toggle(o.offer_id)}
                      />
                    </Table.Td>
                    <Table.Td>{o.candidate.name}</Table.Td>
                    <Table.Td>
                      {o.role.name}
                      <Text size="xs" c="dimmed">
                        {o.recruitment.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <time dateTime={o.start_date}>{formatDay(o.start_date)}</time>
                    </Table.Td>
                    <Table.Td>{o.accepted_at ? <time dateTime={o.accepted_at}>{formatDate(o.accepted_at)}</time> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {problem ? (
            <Alert
              color="red"
              variant="light"
              c="red.9"
              styles={{ title: { color: 'inherit' } }}
              role="alert"
              title="Nobody was brought in"
            >
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submit.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.busy}>
              {chosen.size === 0 ? 'Bring in hires' : `Bring in ${plural(chosen.size, 'hire', 'hires')}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
