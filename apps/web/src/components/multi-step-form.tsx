import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, CheckIcon, Group, Stack, Stepper, Tabs, VisuallyHidden } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { ApiError } from '../lib/api-client';
import { loadDraft, useDraft, type DraftOptions } from '../lib/drafts';
import { toastError } from '../lib/toasts';

export type FormValues = Record<string, unknown>;

export type FormStep<Values extends FormValues> = {
  /** Stable id, used for the tab value and element ids. */
  id: string;
  label: string;
  /** The value keys this step edits: they are validated, and their errors shown, when the step is left. */
  fields: ReadonlyArray<string>;
  render: (form: UseFormReturnType<Values>) => ReactNode;
};

export type StepStatus = 'idle' | 'complete' | 'error';

export type MultiStepFormProps<Values extends FormValues> = {
  steps: ReadonlyArray<FormStep<Values>>;
  /** Flat values: every section's fields in one object (SPEC §3). Read on mount only. */
  initialValues: Values;
  /** Mantine rules, or a resolver such as `schemaResolver(zodSchema, { sync: true })`. */
  validate?: FormValidateInput<Values>;
  /** Throw to report failure: an ApiError's field errors land on their fields, anything else is toasted. */
  onSubmit: (values: Values) => Promise<void> | void;
  /** Keep a local draft (SPEC §9): restored on mount, saved while typing, removed on submit. */
  draft?: DraftOptions;
  /** Let the user move forward past invalid or unvisited steps (default true, SPEC §4). */
  allowIncompleteNavigation?: boolean;
  /** Return false to cancel a move; the form is disabled while it runs. */
  beforeStepChange?: (from: number, to: number, values: Values) => boolean | Promise<boolean>;
  onStepChange?: (index: number) => void;
  /** 'tab' (default) shows tabs; 'progress' shows a numbered progress stepper. */
  stepStyle?: 'tab' | 'progress';
  /** Progress labels are shown by default. */
  hideProgressLabels?: boolean;
  submitLabel?: string;
  nextLabel?: string;
  previousLabel?: string;
};

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const entries = Object.entries(error.errors).flatMap(([field, texts]) => (texts[0] ? [[field, texts[0]] as const] : []));
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * One step at a time on a single Mantine form (SPEC §4, DESIGN §6): forward needs valid
 * intermediate steps unless incomplete navigation is allowed; backward always works; leaving a
 * step validates its fields so their errors show; Tab on Next advances.
 */
export function MultiStepForm<Values extends FormValues>({
  steps,
  initialValues,
  validate,
  onSubmit,
  draft,
  allowIncompleteNavigation = true,
  beforeStepChange,
  onStepChange,
  stepStyle = 'tab',
  hideProgressLabels = false,
  submitLabel = 'Submit',
  nextLabel = 'Next',
  previousLabel = 'Previous',
}: MultiStepFormProps<Values>) {
  const [restoredValues] = useState<Values>(() => {
    const saved = draft ? loadDraft<Partial<Values>>(draft) : null;
    return saved ? { ...initialValues, ...saved } : initialValues;
  });
  const form = useForm<Values>({ mode: 'controlled', initialValues: restoredValues, validate });
  const { remove: removeDraft } = useDraft(draft, form.values);

  const [active, setActive] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [submitted, setSubmitted] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState(false);
  // Set while a move or submit runs: a second Tab or click must not start another.
  const busyRef = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirstField = useRef(false);

  const lastIndex = steps.length - 1;
  const activeStep = steps[active];

  // Fields of a submitted step keep their errors current as the user corrects them.
  const previousValues = useRef(form.values);
  useEffect(() => {
    const before = previousValues.current;
    previousValues.current = form.values;
    if (before === form.values) return;
    steps.forEach((step, index) => {
      if (!submitted.has(index)) return;
      for (const field of step.fields) if (!Object.is(before[field], form.values[field])) void form.validateField(field);
    });
  }, [form, steps, submitted]);

  useEffect(() => {
    if (!focusFirstField.current) return;
    focusFirstField.current = false;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [active]);

  const markSubmitted = (indexes: number[]): void => {
    setSubmitted((current) => new Set([...current, ...indexes]));
  };

  /** Validates a step's fields, showing their errors; true when none fails. */
  const validateStep = async (index: number): Promise<boolean> => {
    const fields = steps[index]?.fields ?? [];
    const results = await Promise.all(fields.map((field) => form.validateField(field)));
    return results.every((result) => !result.hasError);
  };

  /** Disables the form while `work` runs (SPEC §4: "the form is disabled while it runs"). */
  const whileBusy = async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };

  /** One move or submit at a time: a second Tab or click must not start another. */
  const exclusive = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current) return undefined;
    busyRef.current = true;
    try {
      return await work();
    } finally {
      busyRef.current = false;
    }
  };

  const showStep = (index: number, focus: boolean): void => {
    focusFirstField.current = focus;
    setActive(index);
    setVisited((current) => new Set([...current, index]));
    onStepChange?.(index);
  };

  const goTo = async (target: number, options: { focus?: boolean } = {}): Promise<boolean> => {
    if (target === active || target < 0 || target > lastIndex) return false;
    const from = active;
    const moved = await exclusive(async () => {
      markSubmitted([from]);
      const currentValid = await validateStep(from);
      if (target > from && !allowIncompleteNavigation) {
        for (let index = from; index < target; index += 1) {
          // "Valid" means visited and without errors (SPEC §4): an unseen step blocks the way.
          const valid = index === from ? currentValid : visited.has(index) && (await validateStep(index));
          if (!valid) return false;
        }
      }
      if (!beforeStepChange) return true;
      const hook = beforeStepChange;
      return whileBusy(async () => {
        try {
          return await hook(from, target, form.getValues());
        } catch (error) {
          toastError(error);
          return false;
        }
      });
    });
    if (moved) showStep(target, options.focus ?? false);
    return moved === true;
  };

  const submit = (): Promise<void> =>
    exclusive(async () => {
      markSubmitted(steps.map((_step, index) => index));
      const result = await form.validate();
      if (result.hasErrors) {
        const firstInvalid = steps.findIndex((step) => step.fields.some((field) => result.errors[field]));
        if (firstInvalid !== -1 && firstInvalid !== active) showStep(firstInvalid, false);
        return;
      }
      await whileBusy(async () => {
        try {
          await onSubmit(form.getValues());
          removeDraft();
        } catch (error) {
          const fieldErrors = fieldErrorsOf(error);
          if (fieldErrors) {
            form.setErrors(fieldErrors);
            const firstInvalid = steps.findIndex((step) => step.fields.some((field) => field in fieldErrors));
            if (firstInvalid !== -1 && firstInvalid !== active) showStep(firstInvalid, false);
          }
          toastError(error);
        }
      });
    }).then(() => undefined);

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    // Enter in a field of an earlier step means "next", never "submit the whole form".
    if (active < lastIndex) void goTo(active + 1);
    else void submit();
  };

  const handleReset = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    form.reset();
    removeDraft();
    setSubmitted(new Set());
    setVisited(new Set([0]));
    setActive(0);
  };

  const handleNextKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key !== 'Tab' || event.shiftKey) return;
    event.preventDefault();
    void goTo(active + 1, { focus: true });
  };

  const statusOf = (index: number): StepStatus => {
    const step = steps[index];
    if (!step) return 'idle';
    if (step.fields.some((field) => form.errors[field])) return 'error';
    return submitted.has(index) && visited.has(index) ? 'complete' : 'idle';
  };

  const content = activeStep ? (
    <div ref={panelRef} data-step={activeStep.id}>
      {activeStep.render(form)}
    </div>
  ) : null;

  const header =
    stepStyle === 'progress' ? (
      <>
        <Stepper active={active} onStepClick={(index) => void goTo(index)} allowNextStepsSelect size="sm">
          {steps.map((step, index) => (
            <Stepper.Step
              key={step.id}
              label={hideProgressLabels ? undefined : step.label}
              aria-label={step.label}
              color={statusOf(index) === 'error' ? 'red' : undefined}
              data-status={statusOf(index)}
              disabled={busy}
            />
          ))}
        </Stepper>
        {content}
      </>
    ) : (
      <Tabs value={activeStep?.id ?? null} onChange={(id) => void goTo(steps.findIndex((step) => step.id === id))}>
        <Tabs.List>
          {steps.map((step, index) => {
            const status = statusOf(index);
            return (
              <Tabs.Tab
                key={step.id}
                value={step.id}
                color={status === 'error' ? 'red' : undefined}
                leftSection={status === 'complete' ? <CheckIcon size={10} /> : undefined}
                data-status={status}
                disabled={busy}
              >
                {step.label}
                {status !== 'idle' ? <VisuallyHidden>{status === 'error' ? ' (has errors)' : ' (complete)'}</VisuallyHidden> : null}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {steps.map((step, index) => (
          <Tabs.Panel key={step.id} value={step.id} pt="md">
            {index === active ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    );

  return (
    <form onSubmit={handleSubmit} onReset={handleReset} noValidate aria-busy={busy}>
      <fieldset disabled={busy} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="md">
          {header}
          <Group justify="space-between">
            {active > 0 ? (
              <Button key="previous" type="button" variant="default" onClick={() => void goTo(active - 1)} loading={busy}>
                {previousLabel}
              </Button>
            ) : (
              <span />
            )}
            {active < lastIndex ? (
              // Distinct keys: React must not reuse the Next <button> as Submit while its click is still being handled,
              // or the browser submits the form from the step before last.
              <Button key="next" type="button" onClick={() => void goTo(active + 1)} onKeyDown={handleNextKeyDown} loading={busy}>
                {nextLabel}
              </Button>
            ) : (
              <Button key="submit" type="submit" loading={busy}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
