import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { timeZoneChoices } from '../../../lib/time-zones.ts';

type TimezoneSelectProps = Omit<SelectProps, 'data' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A searchable list of IANA timezones (the server accepts exactly these). */
export function TimezoneSelect({ value, onChange, ...props }: TimezoneSelectProps) {
  const data = useMemo(() => timeZoneChoices(value), [value]);
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
