// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { OrderedStagesEditor, type StageCategories, type StageMutations } from './ordered-stages-editor';
import { deferred } from '../test/double-submit.ts';

type Category = 'open' | 'done';
type Stage = { id: string; name: string; colour: string; category: Category; position: number };

const CATEGORIES: StageCategories<Category> = {
  values: ['open', 'done'],
  labels: { open: 'Open', done: 'Done' },
  badges: { open: { color: 'blue', variant: 'light' }, done: { color: 'teal', variant: 'light' } },
};

const stages: Stage[] = [{ id: 's1', name: 'Applied', colour: '#228be6', category: 'open', position: 1 }];
const query = { isPending: false, isError: false, data: stages } as UseQueryResult<Stage[]>;

/** The stage API as the screens hand it over; each request waits for the test to answer it. */
function stageApi() {
  const created = deferred<{ name: string }>();
  const updated = deferred<unknown>();
  const mutations = {
    create: { isPending: false, mutateAsync: vi.fn(() => created.promise) },
    update: { isPending: false, mutateAsync: vi.fn(() => updated.promise) },
    remove: { isPending: false, mutateAsync: vi.fn(() => Promise.resolve()) },
    reorder: { mutate: vi.fn() },
  } satisfies StageMutations<Category>;
  return { mutations, created, updated };
}

function renderEditor(mutations: StageMutations<Category>) {
  renderWithProviders(
    <OrderedStagesEditor<Category, Stage>
      mutations={mutations}
      categories={CATEGORIES}
      validate={(values) => (values.name.trim() === '' ? { name: 'Name the stage.' } : {})}
      nameMax={60}
      query={query}
      canManage
      initialValues={{ name: '', colour: '#228be6', category: 'open' }}
      addedMessage={(name) => `${name} added.`}
      label="Stages"
      loadingHeight={100}
      loadErrorTitle="The stages could not be loaded"
      empty={{ title: 'No stages', description: 'Add the first one.' }}
      deleteMessage={() => 'It goes.'}
    />,
  );
}

describe('OrderedStagesEditor', () => {
  it('adds a stage once for a double click, with the button busy until the server answers', async () => {
    const { mutations, created } = stageApi();
    renderEditor(mutations);
    const name = screen.getByRole('textbox', { name: 'New stage' });
    fireEvent.change(name, { target: { value: 'Screening' } });
    const add = screen.getByRole('button', { name: 'Add stage' });
    act(() => {
      fireEvent.click(add);
      fireEvent.click(add);
    });
    await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(true));
    expect(mutations.create.mutateAsync).toHaveBeenCalledTimes(1);
    expect(mutations.create.mutateAsync).toHaveBeenCalledWith({ name: 'Screening', colour: '#228be6', category: 'open' });
    await act(async () => {
      created.resolve({ name: 'Screening' });
      await created.promise;
    });
    await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(false));
    expect((name as HTMLInputElement).value).toBe('');
    expect(mutations.create.mutateAsync).toHaveBeenCalledTimes(1);
  });

  it('saves an edited stage once for Enter pressed twice, Cancel waiting until the server answers', async () => {
    const { mutations, updated } = stageApi();
    renderEditor(mutations);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Applied' }));
    const form = screen.getByRole('form', { name: 'Edit Applied' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Applied online' } });
    // Enter in a field submits the form.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('data-loading')).toBe(true));
    expect((within(form).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(mutations.update.mutateAsync).toHaveBeenCalledTimes(1);
    expect(mutations.update.mutateAsync).toHaveBeenCalledWith({ id: 's1', name: 'Applied online', colour: '#228be6', category: 'open' });
    await act(async () => {
      updated.resolve(undefined);
      await updated.promise;
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Applied' })).toBeNull());
    expect(mutations.update.mutateAsync).toHaveBeenCalledTimes(1);
  });
});
