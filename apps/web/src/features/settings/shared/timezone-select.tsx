import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** Every IANA timezone the browser knows, UTC first, plus `include` (the stored one) should the browser not know it. */
export function timezoneChoices(include?: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones, ...(include ? [include] : [])]);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

type TimezoneSelectProps = Omit<SelectProps, 'data' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A searchable list of IANA timezones (the server accepts exactly these). */
export function TimezoneSelect({ value, onChange, ...props }: TimezoneSelectProps) {
  const data = useMemo(() => timezoneChoices(value), [value]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="No such timezone"
      // Mounted only while open: a hidden listbox with the same label would be a second labelled element (axe).
      comboboxProps={{ keepMounted: false }}
      // A plain scrolling listbox: Mantine's ScrollArea viewport is an unfocusable scroll region (axe).
      withScrollArea={false}
      maxDropdownHeight={280}
      {...props}
      data={data}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}
