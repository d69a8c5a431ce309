// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { DRAFT_SAVE_DEBOUNCE_MS, DRAFT_TTL_MS } from '@hireloop/contract/constants';
import { ApiError } from '../lib/api-client';
import { draftKey, draftOwner, loadDraft, saveDraft, setDraftOwnerSource } from '../lib/drafts';
import { MultiStepForm, type FormStep, type MultiStepFormProps } from './multi-step-form';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('../lib/toasts', () => ({ toastError }));

type Hire = { name: string; email: string; role: string; notes: string };

const initialValues: Hire = { name: '', email: '', role: '', notes: '' };

const steps: FormStep<Hire>[] = [
  {
    id: 'person',
    label: 'Person',
    fields: ['name', 'email'],
    render: (form) => (
      <>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Email" {...form.getInputProps('email')} />
      </>
    ),
  },
  { id: 'role', label: 'Role', fields: ['role'], render: (form) => <TextInput label="Job role" {...form.getInputProps('role')} /> },
  { id: 'extras', label: 'Extras', fields: ['notes'], render: (form) => <TextInput label="Notes" {...form.getInputProps('notes')} /> },
];

const validate = {
  name: (value: string) => (value.trim() === '' ? 'Name is required.' : null),
  email: (value: string) => (value.includes('@') ? null : 'Email is invalid.'),
  role: (value: string) => (value.trim() === '' ? 'Role is required.' : null),
};

function renderForm(props: Partial<MultiStepFormProps<Hire>> = {}) {
  const onSubmit = vi.fn<(values: Hire) => Promise<void>>(async () => undefined);
  const view = renderWithProviders(
    <MultiStepForm<Hire> steps={steps} initialValues={initialValues} validate={validate} onSubmit={onSubmit} {...props} />,
  );
  return { onSubmit, ...view };
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.queryByLabelText(label);

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ann Lee');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
}

beforeEach(() => {
  localStorage.clear();
  // Drafts are kept for a signed-in user in an organisation (lib/drafts.ts).
  setDraftOwnerSource(() => draftOwner('u1', 'o1'));
  toastError.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MultiStepForm navigation', () => {
  it('shows one step at a time, the first active, with labelled tabs', () => {
    renderForm();
    expect(tab('Person').getAttribute('aria-selected')).toBe('true');
    expect(tab('Role').getAttribute('aria-selected')).toBe('false');
    expect(field('Name')).not.toBeNull();
    expect(field('Job role')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('moves forward past an invalid step by default, and shows the left step its errors', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(button('Next'));
    expect(field('Job role')).not.toBeNull();
    expect(tab('Person').getAttribute('data-status')).toBe('error');
    await user.click(button('Previous'));
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Email is invalid.')).toBeTruthy();
  });

  it('does not show errors of a step that has not been left', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('Email is invalid.')).toBeNull();
  });

  it('keeps errors of a left step current while they are corrected', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(button('Next'));
    await user.click(button('Previous'));
    await user.type(screen.getByLabelText('Name'), 'Ann');
    expect(screen.queryByText('Name is required.')).toBeNull();
    await user.clear(screen.getByLabelText('Name'));
    expect(screen.getByText('Name is required.')).toBeTruthy();
  });

  it('jumps to any step through its tab when incomplete navigation is allowed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(tab('Extras'));
    expect(field('Notes')).not.toBeNull();
    expect(button('Submit')).toBeTruthy();
  });

  it('blocks forward moves past an invalid step when incomplete navigation is off', async () => {
    const user = userEvent.setup();
    renderForm({ allowIncompleteNavigation: false });
    await user.click(button('Next'));
    expect(field('Name')).not.toBeNull();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    await fillPerson(user);
    await user.click(button('Next'));
    expect(field('Job role')).not.toBeNull();
    expect(tab('Person').getAttribute('data-status')).toBe('complete');
  });

  it('stops a jump over an unvisited step at that step when incomplete navigation is off', async () => {
    const user = userEvent.setup();
    renderForm({ allowIncompleteNavigation: false });
    await fillPerson(user);
    await user.click(tab('Extras'));
    // The click responds: it shows the first step not seen yet, rather than nothing.
    expect(field('Job role')).not.toBeNull();
    expect(field('Notes')).toBeNull();
    await user.type(screen.getByLabelText('Job role'), 'Engineer');
    await user.click(button('Previous'));
    await user.click(tab('Extras'));
    expect(field('Notes')).not.toBeNull();
  });

  it('stays on the step being left when it is invalid and incomplete navigation is off', async () => {
    const user = userEvent.setup();
    renderForm({ allowIncompleteNavigation: false });
    await user.click(tab('Extras'));
    expect(field('Name')).not.toBeNull();
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(tab('Person').getAttribute('data-status')).toBe('error');
  });

  it('marks a left step with errors visibly on its tab: a red alert icon and red text, not only hidden text', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(within(tab('Person')).queryByTestId('step-error-icon')).toBeNull();
    await user.click(button('Next'));
    const person = tab('Person');
    expect(person.getAttribute('data-status')).toBe('error');
    expect(within(person).getByTestId('step-error-icon')).toBeTruthy();
    expect(person.style.color).toContain('--mantine-color-red-9');
    expect(person.textContent).toContain('(has errors)');
    // The step the user is on has not been left: no mark yet.
    expect(tab('Role').getAttribute('data-status')).toBe('idle');
    expect(within(tab('Role')).queryByTestId('step-error-icon')).toBeNull();
  });

  it('marks a step in a progress stepper with errors once it is left', async () => {
    const user = userEvent.setup();
    renderForm({ stepStyle: 'progress' });
    await user.click(button('Next'));
    const person = screen.getByRole('button', { name: 'Person (has errors)' });
    expect(person.getAttribute('data-status')).toBe('error');
    expect(within(person).getByText('Has errors')).toBeTruthy();
  });

  it('always moves backward, even from an invalid step with incomplete navigation off', async () => {
    const user = userEvent.setup();
    renderForm({ allowIncompleteNavigation: false });
    await fillPerson(user);
    await user.click(button('Next'));
    await user.click(button('Previous'));
    expect(field('Name')).not.toBeNull();
    expect(tab('Role').getAttribute('data-status')).toBe('error');
  });

  it('advances when Tab is pressed on Next, focusing the first field of the next step', async () => {
    const user = userEvent.setup();
    renderForm();
    button('Next').focus();
    await user.tab();
    expect(field('Job role')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Job role')));
  });

  it('lets Shift+Tab on Next move focus backwards as usual', async () => {
    const user = userEvent.setup();
    renderForm();
    button('Next').focus();
    await user.tab({ shift: true });
    expect(field('Name')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('treats an implicit submit (Enter) on an earlier step as Next', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(tab('Role'));
    await user.type(screen.getByLabelText('Job role'), 'Dev{Enter}');
    expect(field('Notes')).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a numbered progress stepper with labels, which can be hidden', () => {
    const { unmount } = renderForm({ stepStyle: 'progress' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText('Person')).toBeTruthy();
    expect(screen.getByText('Extras')).toBeTruthy();
    unmount();
    renderForm({ stepStyle: 'progress', hideProgressLabels: true });
    expect(screen.queryByText('Person')).toBeNull();
    expect(screen.getByRole('button', { name: 'Role' })).toBeTruthy();
  });

  it('moves through a progress stepper by clicking a step', async () => {
    const user = userEvent.setup();
    renderForm({ stepStyle: 'progress' });
    await user.click(screen.getByRole('button', { name: 'Role' }));
    expect(field('Job role')).not.toBeNull();
  });
});

describe('MultiStepForm beforeStepChange', () => {
  it('cancels the move when it returns false, and receives from, to and values', async () => {
    const user = userEvent.setup();
    const beforeStepChange = vi.fn(() => false);
    renderForm({ beforeStepChange });
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(button('Next'));
    expect(beforeStepChange).toHaveBeenCalledWith(0, 1, { ...initialValues, name: 'Ann' });
    expect(field('Name')).not.toBeNull();
  });

  it('disables the form while it runs and moves once it resolves true', async () => {
    const user = userEvent.setup();
    let resolve: (allowed: boolean) => void = () => undefined;
    const beforeStepChange = vi.fn(() => new Promise<boolean>((done) => (resolve = done)));
    const { container } = renderForm({ beforeStepChange });
    await user.click(button('Next'));
    const fieldset = container.querySelector('fieldset');
    await waitFor(() => expect(fieldset?.disabled).toBe(true));
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: /Next/ }).hasAttribute('data-loading')).toBe(true);
    await act(async () => resolve(true));
    expect(field('Job role')).not.toBeNull();
    expect(fieldset?.disabled).toBe(false);
  });

  it('treats a throwing hook as a cancel and reports the error', async () => {
    const user = userEvent.setup();
    const failure = new Error('Could not check availability.');
    renderForm({ beforeStepChange: () => Promise.reject(failure) });
    await user.click(button('Next'));
    expect(field('Name')).not.toBeNull();
    expect(toastError).toHaveBeenCalledWith(failure);
  });
});

describe('MultiStepForm submit', () => {
  it('shows the submit button on the final step and submits the flat values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ submitLabel: 'Create hire' });
    await fillPerson(user);
    await user.click(button('Next'));
    await user.type(screen.getByLabelText('Job role'), 'Engineer');
    await user.click(button('Next'));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.type(screen.getByLabelText('Notes'), 'Starts Monday');
    await user.click(button('Create hire'));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann Lee', email: 'ann@example.com', role: 'Engineer', notes: 'Starts Monday' });
  });

  it('goes to the first invalid step instead of submitting', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await fillPerson(user);
    await user.click(tab('Extras'));
    await user.click(button('Submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Job role')).not.toBeNull();
    expect(screen.getByText('Role is required.')).toBeTruthy();
  });

  it('puts server field errors on their fields and shows their step', async () => {
    const user = userEvent.setup();
    const failure = new ApiError('The given data was invalid.', 422, 'validation_failed', { email: ['The email is taken.'] });
    renderForm({ onSubmit: () => Promise.reject(failure), initialValues: { name: 'Ann', email: 'a@b.c', role: 'Dev', notes: '' } });
    await user.click(tab('Extras'));
    await user.click(button('Submit'));
    expect(field('Email')).not.toBeNull();
    expect(screen.getByText('The email is taken.')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith(failure);
  });

  it('clears values, errors and progress on reset', async () => {
    const user = userEvent.setup();
    const withReset: FormStep<Hire>[] = steps.map((step) => ({
      ...step,
      render: (form) => (
        <>
          {step.render(form)}
          <button type="reset">Reset</button>
        </>
      ),
    }));
    renderForm({ steps: withReset });
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.click(button('Next'));
    await user.click(button('Reset'));
    expect(field('Name')).not.toBeNull();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', '');
    expect(screen.queryByText('Email is invalid.')).toBeNull();
    expect(tab('Person').getAttribute('data-status')).toBe('idle');
  });
});

describe('MultiStepForm drafts', () => {
  const draft = { group: 'new-hire', key: 'role-1' };

  it('restores a saved draft on mount', () => {
    saveDraft(draft, { name: 'Saved name', email: 'saved@example.com' });
    renderForm({ draft });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Saved name');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'saved@example.com');
  });

  it('saves the values 200 ms after the last keystroke', async () => {
    // fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout.
    vi.useFakeTimers();
    renderForm({ draft });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'An' } });
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS - 1);
    });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    expect(localStorage.getItem(draftKey('new-hire', 'role-1')!)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS - 1);
    });
    expect(localStorage.getItem(draftKey('new-hire', 'role-1')!)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(loadDraft(draft)).toEqual({ ...initialValues, name: 'Ann' });
  });

  it('ignores and removes a draft older than one hour', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 10, 9, 0));
    saveDraft(draft, { name: 'Stale' });
    vi.setSystemTime(new Date(2025, 0, 10, 9, 0).getTime() + DRAFT_TTL_MS + 1);
    renderForm({ draft });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
    expect(localStorage.getItem(draftKey('new-hire', 'role-1')!)).toBeNull();
  });

  it('brings back which steps were left, with their error and complete marks, after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm({ draft });
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(button('Next'));
    await user.type(screen.getByLabelText('Job role'), 'Engineer');
    await user.click(button('Next'));
    expect(tab('Person').getAttribute('data-status')).toBe('error');
    expect(tab('Role').getAttribute('data-status')).toBe('complete');
    // Unmounting saves at once, as leaving the page does.
    unmount();
    renderForm({ draft });
    expect(tab('Person').getAttribute('data-status')).toBe('error');
    expect(within(tab('Person')).getByTestId('step-error-icon')).toBeTruthy();
    expect(tab('Role').getAttribute('data-status')).toBe('complete');
    expect(tab('Extras').getAttribute('data-status')).toBe('idle');
    expect(screen.getByText('Email is invalid.')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ann');
  });

  it('lets every tab respond after a reload when incomplete navigation is off', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm({ draft, allowIncompleteNavigation: false });
    await fillPerson(user);
    await user.click(button('Next'));
    await user.type(screen.getByLabelText('Job role'), 'Engineer');
    await user.click(button('Next'));
    expect(field('Notes')).not.toBeNull();
    unmount();
    renderForm({ draft, allowIncompleteNavigation: false });
    expect(field('Name')).not.toBeNull();
    await user.click(tab('Extras'));
    expect(field('Notes')).not.toBeNull();
    await user.click(tab('Role'));
    expect(field('Job role')).toHaveProperty('value', 'Engineer');
  });

  it('ignores saved progress that names steps the form does not have', () => {
    saveDraft(draft, { name: 'Ann' }, { visited: [0, 7, 'x'], submitted: [-1, 9] });
    renderForm({ draft });
    expect(tab('Person').getAttribute('data-status')).toBe('idle');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ann');
  });

  it('removes the draft after a successful submit', async () => {
    const user = userEvent.setup();
    saveDraft(draft, { name: 'Ann', email: 'ann@example.com', role: 'Dev' });
    const { onSubmit } = renderForm({ draft });
    await user.click(tab('Extras'));
    await user.click(button('Submit'));
    expect(onSubmit).toHaveBeenCalled();
    expect(localStorage.getItem(draftKey('new-hire', 'role-1')!)).toBeNull();
  });

  it('submits once for two submits in one tick, busy until it settles, then shows the refusal and keeps the draft', async () => {
    const user = userEvent.setup();
    saveDraft(draft, { name: 'Ann', email: 'ann@example.com', role: 'Dev' });
    let refuse: (error: unknown) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((_done, failed) => (refuse = failed)));
    const { container } = renderForm({ draft, onSubmit });
    await user.click(tab('Extras'));
    const submit = button('Submit');
    // Both clicks before React shows anything of the first: a double click at its fastest.
    act(() => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const fieldset = container.querySelector('fieldset');
    expect(fieldset?.disabled).toBe(true);
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(submit.hasAttribute('data-loading')).toBe(true);
    // Enter in a field meanwhile starts nothing either.
    fireEvent.submit(container.querySelector('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    const failure = new ApiError('The given data was invalid.', 422, 'validation_failed', { email: ['The email is taken.'] });
    await act(async () => refuse(failure));
    expect(field('Email')).not.toBeNull();
    expect(screen.getByText('The email is taken.')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith(failure);
    expect(loadDraft(draft)).toMatchObject({ name: 'Ann', email: 'ann@example.com' });
    expect(fieldset?.disabled).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps the draft when the submit fails', async () => {
    const user = userEvent.setup();
    saveDraft(draft, { name: 'Ann', email: 'ann@example.com', role: 'Dev' });
    renderForm({ draft, onSubmit: () => Promise.reject(new Error('Server down')) });
    await user.click(tab('Extras'));
    await user.click(button('Submit'));
    expect(toastError).toHaveBeenCalled();
    expect(loadDraft(draft)).toMatchObject({ name: 'Ann' });
  });
});
