import { Alert, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_OFFER_LETTER_TEMPLATE,
  OFFER_LETTER_PLACEHOLDER_LABELS,
  OFFER_LETTER_PLACEHOLDERS,
  OFFER_TEMPLATE_MAX,
  OFFER_TEXTS,
  type OfferLetterPlaceholder,
  type OfferLetterTemplate,
} from '@hireloop/contract/offers';
import { offerLetterOperations } from '@hireloop/contract/operations/offer-letters';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { call } from '../../../../lib/operations.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { describeError, toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useAuth, useOrganisationId } from '../../../session/auth-store.ts';

/** Sample values for the preview: what a letter for a typical offer reads like. */
export const SAMPLE_VALUES: Record<OfferLetterPlaceholder, string> = {
  candidate_name: 'Alex Morgan',
  role: 'Senior Backend Engineer',
  salary: '85,000 EUR per year',
  currency: 'EUR',
  start_date: '1 March 2027',
  expires_at: '15 February 2027',
  organisation: 'your organisation',
};

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The template with each known `{{placeholder}}` filled in; unknown ones are listed, not replaced. */
export function renderTemplate(body: string, values: Record<string, string>): { text: string; unknown: string[] } {
  const unknown = new Set<string>();
  const text = body.replace(PLACEHOLDER, (match, name: string) => {
    if (name in values) return values[name] ?? match;
    unknown.add(name);
    return match;
  });
  return { text, unknown: [...unknown] };
}

function useTemplate() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: ['organisation', organisationId, 'offer-letter-template'],
    queryFn: async () => (await call(offerLetterOperations.getTemplate)).template,
    enabled: organisationId !== '',
  });
}

function TemplateForm({ template, canManage }: { template: OfferLetterTemplate; canManage: boolean }) {
  const organisation = useAuth().currentOrganisation;
  const queryClient = useQueryClient();
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (text: string) => (await call(offerLetterOperations.saveTemplate, { body: { body: text } })).template,
    onSuccess: (saved) => queryClient.setQueryData(['organisation', organisation?.id ?? '', 'offer-letter-template'], saved),
  });
  const preview = renderTemplate(body, { ...SAMPLE_VALUES, organisation: organisation?.name ?? SAMPLE_VALUES.organisation });
  const dirty = body !== template.body;

  async function submit() {
    const text = body.trim();
    if (text === '') return setError(OFFER_TEXTS.templateRequired);
    if (text.length > OFFER_TEMPLATE_MAX) return setError(OFFER_TEXTS.templateTooLong);
    if (preview.unknown.length > 0) return setError(OFFER_TEXTS.templateUnknownPlaceholder.replace('{name}', preview.unknown[0] ?? ''));
    setError(null);
    try {
      const saved = await save.mutateAsync(text);
      setBody(saved.body);
      toastSuccess('Offer letter template saved.');
    } catch (e) {
      if (e instanceof ApiError && e.errors?.body?.[0]) setError(e.errors.body[0]);
      toastError(e);
    }
  }

  const saving = useSubmitOnce(submit, save.isPending);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Textarea
            label="Letter text"
            description={
              template.is_default && !dirty
                ? 'The built-in letter; save to make it your own.'
                : 'Plain text; blank lines separate paragraphs.'
            }
            autosize
            minRows={12}
            maxRows={30}
            value={body}
            readOnly={!canManage}
            error={error}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setError(null);
            }}
          />
          {canManage ? (
            <Group gap="sm">
              <Button onClick={() => void saving.run()} loading={saving.busy} disabled={!dirty}>
                Save template
              </Button>
              <Button
                variant="default"
                onClick={() => setBody(DEFAULT_OFFER_LETTER_TEMPLATE)}
                disabled={body === DEFAULT_OFFER_LETTER_TEMPLATE}
              >
                Use the built-in letter
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Only owners, admins and recruiters change the letter.
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Text size="sm" fw={500} id="offer-letter-preview-label">
            Preview with sample values
          </Text>
          <Paper withBorder p="md" radius="md" aria-labelledby="offer-letter-preview-label" role="region">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="offer-letter-preview">
              {preview.text}
            </Text>
          </Paper>
          {preview.unknown.length > 0 ? (
            <Alert
              color="yellow"
              variant="light"
              c="var(--mantine-color-text)"
              styles={{ title: { color: 'inherit' } }}
              icon={<IconAlertTriangle size={18} aria-hidden />}
              role="status"
            >
              Unknown placeholder{preview.unknown.length > 1 ? 's' : ''}: {preview.unknown.map((n) => `{{${n}}}`).join(', ')}
            </Alert>
          ) : null}
        </Stack>
      </SimpleGrid>
      <Table aria-label="Placeholders" verticalSpacing={4} maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Placeholder</Table.Th>
            <Table.Th scope="col">Replaced by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {OFFER_LETTER_PLACEHOLDERS.map((name) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Code>{`{{${name}}}`}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{OFFER_LETTER_PLACEHOLDER_LABELS[name]}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The organisation's offer letter template on /settings/recruitment: edit, placeholders, live preview. */
export function OfferLetterTemplateSection({ canManage }: { canManage: boolean }) {
  const template = useTemplate();
  return (
    <Stack gap="md" component="section" aria-labelledby="offer-letter-template-heading">
      <Stack gap={4}>
        <Title order={2} size="h3" id="offer-letter-template-heading">
          Offer letter
        </Title>
        <Text size="sm" c="dimmed">
          Every offer&apos;s letter is made from this text when it is sent; the candidate reads it on their offer page and as a PDF.
        </Text>
      </Stack>
      {template.isPending ? (
        <Skeleton height={240} aria-hidden />
      ) : template.isError ? (
        <Alert color="red" variant="light" title="The letter template could not be loaded" role="alert">
          {describeError(template.error).message}
        </Alert>
      ) : (
        <TemplateForm key={template.data.updated_at ?? 'default'} template={template.data} canManage={canManage} />
      )}
    </Stack>
  );
}
