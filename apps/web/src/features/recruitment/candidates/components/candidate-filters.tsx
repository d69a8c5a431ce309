import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { APPLICATION_STATE_FILTERS, CANDIDATE_SOURCES, CANDIDATE_SOURCE_LABELS, type CandidateSource } from '@hireloop/contract/candidates';
import type { RecruitmentStatus } from '@hireloop/contract/recruitment-statuses';
import { useEffect, useRef, useState } from 'react';
import { DatePickerField } from '../../../../components/date-picker-field.tsx';
import { DEFAULT_QUERY, isFiltered, type ApplicationStateFilter, type CandidateQuery } from '../url-state.ts';

export const SEARCH_DEBOUNCE_MS = 300;

const STATE_LABELS: Record<ApplicationStateFilter, string> = { active: 'Active', rejected: 'Rejected', hired: 'Hired', all: 'All' };

type Props = {
  query: CandidateQuery;
  statuses: readonly RecruitmentStatus[];
  onChange: (patch: Partial<CandidateQuery>) => void;
};

/** Search and filters of the table; every value lives in the URL (see url-state.ts). */
export function CandidateFilters({ query, statuses, onChange }: Props) {
  const [search, setSearch] = useState(query.search);
  const [tag, setTag] = useState(query.tag);
  // What this box last wrote to the URL: only a change from elsewhere (back button, "Clear
  // filters") replaces what is being typed.
  const committed = useRef({ search: query.search, tag: query.tag });
  const commitSearch = useDebouncedCallback((value: string) => {
    committed.current.search = value.trim();
    onChange({ search: value.trim() });
  }, SEARCH_DEBOUNCE_MS);
  const commitTag = useDebouncedCallback((value: string) => {
    committed.current.tag = value.trim();
    onChange({ tag: value.trim() });
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (query.search === committed.current.search) return;
    committed.current.search = query.search;
    setSearch(query.search);
  }, [query.search]);
  useEffect(() => {
    if (query.tag === committed.current.tag) return;
    committed.current.tag = query.tag;
    setTag(query.tag);
  }, [query.tag]);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter candidates">
      <TextInput
        label="Search"
        placeholder="Name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        w={220}
      />
      <MultiSelect
        label="Stage"
        placeholder={query.stages.length === 0 ? 'Any stage' : undefined}
        data={statuses.map((s) => ({ value: s.id, label: s.name }))}
        value={query.stages}
        onChange={(stages) => onChange({ stages })}
        clearable
        w={220}
      />
      <Select
        label="State"
        data={APPLICATION_STATE_FILTERS.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
        value={query.state}
        allowDeselect={false}
        onChange={(value) =>
          onChange({ state: (APPLICATION_STATE_FILTERS.find((s) => s === value) ?? 'active') as ApplicationStateFilter })
        }
        w={120}
      />
      <TextInput
        label="Tag"
        placeholder="Any tag"
        value={tag}
        onChange={(event) => {
          setTag(event.currentTarget.value);
          commitTag(event.currentTarget.value);
        }}
        w={130}
      />
      <Select
        label="Source"
        placeholder="Any source"
        data={CANDIDATE_SOURCES.map((source) => ({ value: source, label: CANDIDATE_SOURCE_LABELS[source] }))}
        value={query.source === '' ? null : query.source}
        onChange={(value) => onChange({ source: (CANDIDATE_SOURCES.find((s) => s === value) ?? '') as CandidateSource | '' })}
        clearable
        w={150}
      />
      <Select
        label="Minimum rating"
        placeholder="Any rating"
        data={[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n}+ ${n === 1 ? 'star' : 'stars'}` }))}
        value={query.rating === null ? null : String(query.rating)}
        onChange={(value) => onChange({ rating: value ? Number(value) : null })}
        clearable
        w={140}
      />
      <DatePickerField
        label="Applied from"
        value={query.appliedFrom}
        maxDate={query.appliedTo ?? undefined}
        onChange={(value) => onChange({ appliedFrom: value })}
        clearable
        w={140}
      />
      <DatePickerField
        label="Applied to"
        value={query.appliedTo}
        minDate={query.appliedFrom ?? undefined}
        onChange={(value) => onChange({ appliedTo: value })}
        clearable
        w={140}
      />
      {isFiltered(query) ? (
        <Button
          variant="subtle"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() =>
            onChange({
              search: '',
              stages: [],
              state: DEFAULT_QUERY.state,
              tag: '',
              source: '',
              rating: null,
              appliedFrom: null,
              appliedTo: null,
            })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
