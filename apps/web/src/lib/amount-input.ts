/**
 * Props of a Mantine NumberInput for an amount of money in the browser's locale: its decimal
 * separator and digit grouping, with both '.' and ',' read as the decimal separator when typed (an
 * amount is typed without its thousands: "17,50" is 17.50 in any locale, never 1,750).
 */
export function amountSeparators(locale: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language) {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(12345.6);
  }
  const decimalSeparator = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const group = parts.find((p) => p.type === 'group')?.value;
  return {
    decimalSeparator,
    thousandSeparator: group && group !== decimalSeparator ? group : undefined,
    allowedDecimalSeparators: ['.', ','],
  };
}
