import { Alert, Badge, Button, FileInput, Group, Loader, Modal, Progress, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_FIELDS,
  IMPORT_REFUSED_LIST_MAX,
  type CandidateImport,
  type CandidateImportPreview,
  type ImportField,
  type ImportPreviewProblem,
} from '@hireloop/contract/candidates';
import Papa from 'papaparse';
import { useEffect, useState } from 'react';
import { describeError } from '../../../../lib/toasts.ts';
import { invalidateRecruitmentCandidates, uploadImport, useImportPreview, useImportProgress } from '../api.ts';
import { IMPORT_FIELD_LABELS, autoMatch, completeMapping, importFileProblem } from '../import-mapping.ts';
import { useOrganisationId } from '../../../session/auth-store.ts';

/** Rows read in the browser: the header plus a preview. The server reads the whole file. */
const PREVIEW_ROWS = 5;

type Parsed = { headers: string[]; rows: string[][] };

/** Reads the header row and the first rows only (papaparse `preview`). */
export function readCsvHead(file: File): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: PREVIEW_ROWS + 1,
      skipEmptyLines: true,
      complete: (result) => {
        const [header, ...rows] = result.data;
        if (!header || header.every((h) => h.trim() === '')) reject(new Error('The file has no header row.'));
        else resolve({ headers: header.map((h) => h.trim()), rows });
      },
      error: (error) => reject(error),
    });
  });
}

type Props = { recruitmentId: string; onClose: () => void };

/** Import candidates from a CSV file: choose → map columns (auto-matched) → upload → progress → report. */
export function ImportModal({ recruitmentId, onClose }: Props) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string | null>>>({});
  const [upload, setUpload] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const progress = useImportProgress(importId);
  const result: CandidateImport | undefined = progress.data;
  const finished = result?.status === 'done' || result?.status === 'failed';

  useEffect(() => {
    if (finished) void invalidateRecruitmentCandidates(queryClient, organisationId, recruitmentId);
  }, [finished, queryClient, organisationId, recruitmentId]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setParsed(null);
    setFileError(null);
    if (!chosen) return;
    const problem = importFileProblem(chosen);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const head = await readCsvHead(chosen);
      setParsed(head);
      setMapping(autoMatch(head.headers));
    } catch (error) {
      setFileError(describeError(error).message);
    }
  };

  const complete = completeMapping(mapping);
  const check = useImportPreview(recruitmentId, fileError ? null : file, complete);
  // Nothing to show until a check starts; then "checking…", the result, or why it failed.
  const preview =
    check.status === 'pending' && check.fetchStatus === 'idle'
      ? null
      : { result: check.data ?? null, error: check.error ? describeError(check.error).message : null };
  const checked = preview?.result ?? null;

  const start = async () => {
    if (!file || !complete) return;
    setUploadError(null);
    setUpload(0);
    try {
      const started = await uploadImport(organisationId, recruitmentId, file, complete, setUpload);
      queryClient.setQueryData(['import', organisationId, started.id], started);
      setImportId(started.id);
    } catch (error) {
      setUpload(null);
      setUploadError(describeError(error).message);
    }
  };

  const headerOptions = parsed?.headers.filter((h) => h !== '').map((h) => ({ value: h, label: h })) ?? [];

  return (
    <Modal opened onClose={onClose} title="Import candidates from CSV" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {importId === null ? (
        <Stack gap="md">
          <FileInput
            label="CSV file"
            description="UTF-8, up to 20 MB, one candidate a row with a header row."
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={fileError}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
            disabled={upload !== null}
          />
          {parsed ? (
            <>
              <Text size="sm" fw={500}>
                Match the columns of your file
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {IMPORT_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={`${IMPORT_FIELD_LABELS[field]} column`}
                    required={field === 'name' || field === 'email'}
                    placeholder="Not imported"
                    data={headerOptions}
                    value={mapping[field] ?? null}
                    onChange={(value) => setMapping((current) => ({ ...current, [field]: value }))}
                    clearable
                  />
                ))}
              </SimpleGrid>
              {!complete ? (
                <Text size="sm" c="red" role="alert">
                  Map a column to the name and one to the e-mail.
                </Text>
              ) : null}
              <Table.ScrollContainer minWidth={500}>
                <Table withTableBorder fz="xs" aria-label="Preview of the first rows">
                  <Table.Thead>
                    <Table.Tr>
                      {parsed.headers.map((h, i) => (
                        <Table.Th key={`${h}-${i}`} scope="col">
                          {h}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {parsed.rows.map((row, r) => (
                      <Table.Tr key={r}>
                        {parsed.headers.map((_h, c) => (
                          <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          ) : null}
          {parsed && complete ? <PreviewCheck preview={preview} /> : null}
          {upload !== null ? (
            <Stack gap={4}>
              <Text size="sm">Uploading…</Text>
              <Progress value={Math.round(upload * 100)} aria-label="Upload progress" />
            </Stack>
          ) : null}
          {uploadError ? (
            <Alert color="red" title="The import could not start" role="alert">
              {uploadError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!complete || !file || fileError !== null || !checked || checked.importable_rows === 0}
              loading={upload !== null}
              onClick={() => void start()}
            >
              {checked ? `Import ${checked.importable_rows} ${checked.importable_rows === 1 ? 'row' : 'rows'}` : 'Import'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <ImportProgressView result={result} onClose={onClose} />
      )}
    </Modal>
  );
}

function ImportProgressView({ result, onClose }: { result: CandidateImport | undefined; onClose: () => void }) {
  if (!result || result.status === 'pending' || result.status === 'running') {
    const total = result?.total_rows ?? 0;
    const processed = result?.processed_rows ?? 0;
    return (
      <Stack gap="sm">
        <Text size="sm" aria-live="polite">
          {total > 0 ? `Importing… ${processed} of ${total} rows` : 'Importing…'}
        </Text>
        <Progress value={total > 0 ? (processed / total) * 100 : 0} animated aria-label="Import progress" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {result.status === 'failed' ? (
        <Alert color="red" title="The import failed" role="alert">
          {result.error ?? 'Nothing was imported.'}
        </Alert>
      ) : (
        <Alert color="teal" title="Import finished" role="status">
          {result.filename}: {result.processed_rows} rows read.
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="sm" component="dl" aria-label="Import report">
        <Stat label="Created" value={result.created_count} />
        <Stat label="Matched existing" value={result.matched_count} />
        <Stat label="Refused" value={result.refused_count} />
      </SimpleGrid>
      {result.refused.length > 0 ? (
        <>
          <Table withTableBorder fz="sm" aria-label="Refused rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={80}>
                  Line
                </Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.refused.map((r) => (
                <Table.Tr key={`${r.row}-${r.reason}`}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.refused_count > result.refused.length ? (
            <Text size="xs" c="dimmed">
              The first {IMPORT_REFUSED_LIST_MAX} refused rows are listed.
            </Text>
          ) : null}
        </>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

const PROBLEM_LABELS: Record<ImportPreviewProblem, { label: string; color: string }> = {
  unreadable: { label: 'Unreadable', color: 'red.8' },
  invalid: { label: 'Invalid', color: 'red.8' },
  duplicate: { label: 'Duplicate', color: 'orange.9' },
  existing: { label: 'Existing candidate', color: 'blue.8' },
};

/** The whole file checked before importing: how many rows would be imported, and each flagged row with its line and reason. */
function PreviewCheck({ preview }: { preview: { result: CandidateImportPreview | null; error: string | null } | null }) {
  if (!preview || (!preview.result && !preview.error)) {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Checking every row of the file…</Text>
      </Group>
    );
  }
  if (preview.error || !preview.result) {
    return (
      <Alert color="red" title="The file cannot be imported" role="alert">
        {preview.error}
      </Alert>
    );
  }
  const p = preview.result;
  return (
    <Stack gap="xs">
      <Alert color={p.refused_count > 0 ? 'orange.9' : 'teal'} title="Checked before importing" role="status">
        {p.importable_rows} of {p.total_rows} {p.total_rows === 1 ? 'row' : 'rows'} will be imported ({p.new_count} new, {p.matched_count}{' '}
        added to existing candidates).{' '}
        {p.refused_count > 0
          ? `${p.refused_count} ${p.refused_count === 1 ? 'row is' : 'rows are'} flagged below and will not be imported.`
          : ''}
      </Alert>
      {p.flagged.length > 0 ? (
        <Table.ScrollContainer minWidth={320} mah={260}>
          <Table withTableBorder fz="sm" aria-label="Flagged rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={64}>
                  Line
                </Table.Th>
                <Table.Th scope="col" w={150}>
                  Flag
                </Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.flagged.map((f) => (
                <Table.Tr key={`${f.row}-${f.problem}`}>
                  <Table.Td>{f.row}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={PROBLEM_LABELS[f.problem].color} tt="none">
                      {PROBLEM_LABELS[f.problem].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {p.flagged_count > p.flagged.length ? (
        <Text size="xs" c="dimmed">
          The first {p.flagged.length} of {p.flagged_count} flagged rows are listed.
        </Text>
      ) : null}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} fz="xl">
        {value}
      </Text>
    </div>
  );
}
