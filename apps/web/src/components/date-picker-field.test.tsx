// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { DatePickerField, isSelectableDay, parseTypedDate, type DatePickerFieldProps } from './date-picker-field';

type HarnessProps = Omit<DatePickerFieldProps, 'value' | 'onChange'> & {
  initial?: string | null;
  onChange: (value: string | null) => void;
};

/** A controlled parent, as a Mantine form would be. */
function Harness({ initial = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DatePickerField
        label="Start date"
        {...props}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

function input(): HTMLInputElement {
  return screen.getByLabelText('Start date');
}

describe('parseTypedDate', () => {
  const today = new Date(2025, 5, 1);
  it.each([
    ['03/05/24', '2024-03-05'],
    ['3/5/24', '2024-03-05'],
    ['12/31/1999', '1999-12-31'],
    ['01/02/45', '2045-01-02'],
    ['01/02/46', '1946-01-02'],
    ['02/29/24', '2024-02-29'],
    ['2024-03-05', '2024-03-05'],
    ['02/30/24', null],
    ['13/01/24', null],
    ['00/10/24', null],
    ['03/05/2', null],
    ['03/05/202', null],
    ['03/05', null],
    ['', null],
    ['tomorrow', null],
  ])('reads %j as %s', (text, expected) => {
    expect(parseTypedDate(text, today)).toBe(expected);
  });
});

describe('isSelectableDay', () => {
  const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00`).getDay());
  it.each([
    ['2024-03-05', {}, true],
    ['2024-03-05', { minDate: '2024-03-05', maxDate: '2024-03-05' }, true],
    ['2024-03-04', { minDate: '2024-03-05' }, false],
    ['2024-03-06', { maxDate: '2024-03-05' }, false],
    ['2024-03-06', { maxDate: new Date(2024, 2, 6, 18) }, true],
    ['2024-03-09', { excludeDate: weekend }, false],
    ['2024-03-08', { excludeDate: weekend }, true],
  ])('%s with %o is %s', (day, limits, expected) => {
    expect(isSelectableDay(day, limits)).toBe(expected);
  });
});

describe('DatePickerField', () => {
  it('shows the value as mm/dd/yy', () => {
    renderWithProviders(<Harness initial="2024-03-05" onChange={vi.fn()} />);
    expect(input()).toHaveProperty('value', '03/05/24');
  });

  it('reports a typed date as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);
    await user.type(input(), '03/10/24');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-10');
    await user.tab();
    expect(input()).toHaveProperty('value', '03/10/24');
    expect(screen.getByTestId('value').textContent).toBe('2024-03-10');
    expect(screen.queryByText(ERROR_TEXTS.invalidSelectedDate)).toBeNull();
  });

  it.each([
    ['after maxDate', { maxDate: '2024-03-31' }, '04/01/24'],
    ['before minDate', { minDate: '2024-03-01' }, '02/29/24'],
    ['excluded', { excludeDate: (day: string) => day === '2024-03-15' }, '03/15/24'],
  ])('refuses a typed date %s with an error and without calling onChange', async (_name, limits, typed) => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="2024-03-10" onChange={onChange} {...limits} />);
    await user.clear(input());
    await user.type(input(), typed);
    expect(screen.getByText(ERROR_TEXTS.invalidSelectedDate)).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('value').textContent).toBe('2024-03-10');
  });

  it('clears the error once a valid date is chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="2024-03-10" onChange={onChange} maxDate="2024-03-31" />);
    await user.clear(input());
    await user.type(input(), '04/02/24');
    expect(screen.getByText(ERROR_TEXTS.invalidSelectedDate)).toBeTruthy();
    await user.clear(input());
    await user.type(input(), '03/20/24');
    expect(screen.queryByText(ERROR_TEXTS.invalidSelectedDate)).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('2024-03-20');
  });

  it('picks a day from the calendar, which starts on Sunday, and disables days outside the limits', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <Harness initial="2024-03-10" onChange={onChange} minDate="2024-03-05" excludeDate={(day) => day === '2024-03-12'} />,
    );
    await user.click(input());
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays[0]).toBe('Su');
    const early = screen.getByRole('button', { name: '4 March 2024' });
    const excluded = screen.getByRole('button', { name: '12 March 2024' });
    expect(early).toHaveProperty('disabled', true);
    expect(excluded).toHaveProperty('disabled', true);
    await user.click(excluded);
    expect(onChange).not.toHaveBeenCalled();
    // The press on a disabled day counts as outside the dropdown, which closes it.
    await user.click(input());
    await user.click(screen.getByRole('button', { name: '20 March 2024' }));
    expect(onChange).toHaveBeenLastCalledWith('2024-03-20');
    expect(input()).toHaveProperty('value', '03/20/24');
  });

  it('shows an error from the form when the date itself is acceptable', () => {
    renderWithProviders(<Harness onChange={vi.fn()} error="The start date is required." />);
    expect(screen.getByText('The start date is required.')).toBeTruthy();
  });

  it('clears to null when clearable', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="2024-03-10" onChange={onChange} clearable />);
    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
