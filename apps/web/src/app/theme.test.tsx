// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { Loader } from '@mantine/core';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

describe('the theme', () => {
  it('gives a named loader a role, so its name is allowed and announced (axe)', async () => {
    const { container } = renderWithProviders(<Loader aria-label="Loading candidates" />);
    expect(screen.getByRole('status', { name: 'Loading candidates' })).toBeTruthy();
    const results = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
