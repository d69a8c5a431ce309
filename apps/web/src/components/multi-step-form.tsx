import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button, CheckIcon, Group, Stack, Stepper, Tabs, VisuallyHidden } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { loadStoredDraft, useDraft, type DraftOptions } from '../lib/drafts';
import { useSubmitOnce } from '../lib/submit-once';
import { toastError } from '../lib/toasts';
import { schemeText } from '../lib/scheme-colour.ts';

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
  /** Flat values: every section's fields in one object. Read on mount only. */
  initialValues: Values;
  /** Mantine rules, or a resolver such as `schemaResolver(zodSchema, { sync: true })`. */
  validate?: FormValidateInput<Values>;
  /**
   * Saves. Runs once at a time (apps/web/src/lib/submit-once.ts), the form busy meanwhile. Throw to report
   * failure: an ApiError's field errors land on their fields, anything else is toasted, and the draft stays.
   */
  onSubmit: (values: Values) => Promise<void> | void;
  /** Keep a local draft: restored on mount, saved while typing, removed on submit. */
  draft?: DraftOptions;
  /** Let the user move forward past invalid or unvisited steps (default true). */
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

/** Which steps were shown and which were left (so their errors show), kept with the draft. */
type StepProgress = { visited: number[]; submitted: number[] };

/** The progress saved with a draft, kept only where it names steps this form has. */
function restoredProgress(saved: unknown, stepCount: number): StepProgress | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const indexes = (list: unknown): number[] =>
    Array.isArray(list) ? list.filter((item): item is number => Number.isInteger(item) && item >= 0 && item < stepCount) : [];
  const { visited, submitted } = saved as { visited?: unknown; submitted?: unknown };
  return { visited: indexes(visited), submitted: indexes(submitted) };
}

function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || !error.errors) return null;
  const entries = Object.entries(error.errors).flatMap(([field, texts]) => (texts[0] ? [[field, texts[0]] as const] : []));
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * One step at a time on a single Mantine form: forward needs valid
 * intermediate steps unless incomplete navigation is allowed; backward always works; leaving a
 * step validates its fields so their errors show; Tab on Next advances.
 */
/** Red that keeps a 4.5:1 contrast on either colour scheme's background (axe colour-contrast). */
const ERROR_COLOUR = schemeText('red', 4);

function StepErrorText() {
  return (
    <span style={{ color: ERROR_COLOUR }} aria-hidden>
      Has errors
    </span>
  );
}

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
  const [restored] = useState(() => {
    const saved = draft ? loadStoredDraft<Partial<Values>>(draft) : null;
    return {
      values: saved ? { ...initialValues, ...saved.values } : initialValues,
      progress: saved ? restoredProgress(saved.progress, steps.length) : null,
    };
  });
  const form = useForm<Values>({ mode: 'controlled', initialValues: restored.values, validate });

  const [active, setActive] = useState(0);
  // A reload brings back which steps were seen and left with the draft, so their marks (and the
  // way forward when incomplete navigation is off) survive it.
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0, ...(restored.progress?.visited ?? [])]));
  const [submitted, setSubmitted] = useState<ReadonlySet<number>>(() => new Set(restored.progress?.submitted ?? []));
  const progress = useMemo<StepProgress>(
    () => ({ visited: [...visited].sort((a, b) => a - b), submitted: [...submitted].sort((a, b) => a - b) }),
    [visited, submitted],
  );
  const { remove: removeDraft } = useDraft(draft, form.values, progress);
  // Set while beforeStepChange runs (submitting has its own flag below).
  const [moving, setMoving] = useState(false);
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

  // The steps left before a reload show their errors again (and so their marks), as they did.
  const revalidatedOnMount = useRef(false);
  useEffect(() => {
    if (revalidatedOnMount.current) return;
    revalidatedOnMount.current = true;
    const fields = [...submitted].flatMap((index) => steps[index]?.fields ?? []);
    for (const field of fields) void form.validateField(field);
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

  /** Disables the form while `work` (a beforeStepChange) runs. */
  const whileMoving = async <T,>(work: () => Promise<T>): Promise<T> => {
    setMoving(true);
    try {
      return await work();
    } finally {
      setMoving(false);
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

  // The request: one at a time, the form busy until it settles; its failure is shown here, where the fields are.
  const submitting = useSubmitOnce(async (values: Values) => {
    try {
      await onSubmit(values);
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
  const busy = moving || submitting.busy;

  /**
   * Moves towards `target`. With incomplete navigation off, a forward move stops at the first step
   * in the way that is unseen or invalid: it is shown instead (so every tab responds), unless it is
   * the step being left, whose errors then show where the user is.
   */
  const goTo = async (target: number, options: { focus?: boolean } = {}): Promise<boolean> => {
    if (target === active || target < 0 || target > lastIndex) return false;
    const from = active;
    const destination = await exclusive(async (): Promise<number | null> => {
      markSubmitted([from]);
      const currentValid = await validateStep(from);
      let to = target;
      if (target > from && !allowIncompleteNavigation) {
        for (let index = from; index < target; index += 1) {
          // "Valid" means visited and without errors: an unseen step blocks the way.
          const valid = index === from ? currentValid : visited.has(index) && (await validateStep(index));
          if (!valid) {
            to = index;
            break;
          }
        }
        if (to === from) return null;
      }
      if (!beforeStepChange) return to;
      const hook = beforeStepChange;
      return whileMoving(async () => {
        try {
          return (await hook(from, to, form.getValues())) ? to : null;
        } catch (error) {
          toastError(error);
          return null;
        }
      });
    });
    if (destination === undefined || destination === null) return false;
    showStep(destination, options.focus ?? false);
    return destination === target;
  };

  const submit = (): Promise<void> =>
    exclusive(async () => {
      markSubmitted(steps.map((_step, index) => index));
      const result = await form.validate();
      if (result.hasErrors) {
        const firstInvalid = steps.findIndex((step) => step.fields.some((field) => Boolean(result.errors[field])));
        if (firstInvalid !== -1 && firstInvalid !== active) showStep(firstInvalid, false);
        return;
      }
      await submitting.run(form.getValues());
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
    if (step.fields.some((field) => Boolean(form.errors[field]))) return 'error';
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
          {steps.map((step, index) => {
            const status = statusOf(index);
            return (
              <Stepper.Step
                key={step.id}
                label={hideProgressLabels ? undefined : step.label}
                description={status === 'error' && !hideProgressLabels ? <StepErrorText /> : undefined}
                aria-label={status === 'error' ? `${step.label} (has errors)` : step.label}
                color={status === 'error' ? 'red' : undefined}
                icon={status === 'error' ? <IconAlertCircle size={18} aria-hidden /> : undefined}
                data-status={status}
                disabled={busy}
              />
            );
          })}
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
                // Seen, not only announced: a red alert icon and red text on a step with errors.
                leftSection={
                  status === 'complete' ? (
                    <CheckIcon size={10} />
                  ) : status === 'error' ? (
                    <IconAlertCircle size={16} aria-hidden data-testid="step-error-icon" />
                  ) : undefined
                }
                style={status === 'error' ? { color: ERROR_COLOUR } : undefined}
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
