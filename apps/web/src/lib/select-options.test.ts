import { describe, expect, it } from 'vitest';
import { toOptions } from './select-options';

describe('toOptions', () => {
  it('uses the name as label and the id as value', () => {
    expect(
      toOptions([
        { id: '1', name: 'Designer' },
        { id: '2', name: 'Engineer' },
      ]),
    ).toEqual([
      { label: 'Designer', value: '1' },
      { label: 'Engineer', value: '2' },
    ]);
    expect(toOptions([])).toEqual([]);
  });
});
