import { Alert, Loader, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  OFFER_CONTRACT_TYPE_LABELS,
  OFFER_CONTRACT_TYPES,
  OFFER_SALARY_MAX,
  OFFER_SALARY_PERIOD_LABELS,
  OFFER_SALARY_PERIODS,
  formatSalaryRange,
  salaryRangeCheck,
  type Offer,
  type OfferContractType,
  type OfferRole,
  type OfferSalaryPeriod,
} from '@hireloop/contract/offers';
import { useState } from 'react';
import { DatePickerField } from '../../../../components/date-picker-field.tsx';
import { MultiStepForm, type FormStep } from '../../../../components/multi-step-form.tsx';
import { ReviewSummary } from '../../../../components/review-summary.tsx';
import { amountSeparators } from '../../../../lib/amount-input.ts';
import { formatDay } from '../../../../lib/dates.ts';
import { describeError } from '../../../../lib/toasts.ts';
import { useOfferableApplications, useRecruitmentRole } from '../api.ts';
import { useMembers } from '../../../session/organisation-lists.ts';
import {
  emptyOfferValues,
  formatSalary,
  isoToday,
  nextDay,
  offerToValues,
  salaryOf,
  validateOffer,
  type OfferFormValues,
} from '../offer-model.ts';
import { ApproversField } from './approvers-field.tsx';
import { SalaryRangeNote } from './salary-range-note.tsx';

export type OfferFormProps = {
  recruitmentId: string;
  /** Editing this offer; without it a new offer is made (with a local draft). */
  offer?: Offer;
  /** The candidate, when the form is opened for one application (the slide-over). */
  application?: { id: string; name: string };
  /** Saves; MultiStepForm runs it once at a time and shows a rejection (field errors, toast), keeping the draft. */
  onSubmit: (values: OfferFormValues) => Promise<void>;
};

const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CAD', 'AUD', 'JPY', 'INR'];

function CandidateSelect({
  form,
  recruitmentId,
  fixed,
  onChosen,
}: {
  form: UseFormReturnType<OfferFormValues>;
  recruitmentId: string;
  fixed?: { id: string; name: string };
  onChosen: (name: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const applications = useOfferableApplications(recruitmentId, fixed ? '' : term);
  if (fixed) {
    return <TextInput label="Candidate" value={fixed.name} readOnly description="The offer is for this candidate's application." />;
  }
  const data = (applications.data ?? []).map((a) => ({ value: a.id, label: a.candidate.name }));
  if (chosen && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  const input = form.getInputProps('application_id');
  return (
    <Select
      label="Candidate"
      description="An active candidate of this recruitment."
      placeholder={applications.isPending ? 'Loading candidates…' : 'Search candidates by name or e-mail'}
      data={data}
      searchable
      withAsterisk
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={applications.isFetching ? 'Searching…' : 'No candidate matches'}
      error={input.error}
      onBlur={input.onBlur}
      value={form.values.application_id || null}
      onChange={(value, option) => {
        form.setFieldValue('application_id', value ?? '');
        setChosen(value ? { value, label: option.label } : null);
        onChosen(value ? option.label : null);
      }}
    />
  );
}

/** The form's salary against the role's range, as the server will judge it. */
function RangeNote({ form, role }: { form: UseFormReturnType<OfferFormValues>; role: OfferRole }) {
  const salary = salaryOf(form.values);
  if (salary === null) return null;
  const check = salaryRangeCheck({ salary, currency: form.values.currency, salary_period: form.values.salary_period }, role);
  return <SalaryRangeNote check={check} role={role} context="form" />;
}

/** The browser's decimal separator; "17,50" and "17.50" both give 17.50. */
const SALARY_SEPARATORS = amountSeparators();
const hasRange = (role: OfferRole) => role.salary_min !== null || role.salary_max !== null;

type TermsStepProps = {
  form: UseFormReturnType<OfferFormValues>;
  role: OfferRole;
  recruitmentId: string;
  fixed?: OfferFormProps['application'];
  onChosen: (name: string | null) => void;
};

function TermsStep({ form, role, recruitmentId, fixed, onChosen }: TermsStepProps) {
  return (
    <Stack gap="sm">
      <CandidateSelect form={form} recruitmentId={recruitmentId} fixed={fixed} onChosen={onChosen} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Salary"
          description={hasRange(role) ? `The role's range: ${formatSalaryRange(role)}.` : 'In currency units, e.g. 85,000 or 15.50.'}
          withAsterisk
          min={0}
          max={OFFER_SALARY_MAX}
          allowNegative={false}
          decimalScale={2}
          {...SALARY_SEPARATORS}
          {...form.getInputProps('salary')}
        />
        <Select
          label="Currency"
          description={role.salary_currency ? `The role's currency is ${role.salary_currency}.` : 'ISO 4217 code.'}
          data={Array.from(new Set([...COMMON_CURRENCIES, form.values.currency]))}
          searchable
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('currency')}
          onChange={(value) => form.setFieldValue('currency', value ?? '')}
        />
        <Select
          label="Period"
          description="What the salary is for."
          data={OFFER_SALARY_PERIODS.map((p) => ({ value: p, label: OFFER_SALARY_PERIOD_LABELS[p] }))}
          allowDeselect={false}
          {...form.getInputProps('salary_period')}
          onChange={(value) => value && form.setFieldValue('salary_period', value as OfferSalaryPeriod)}
        />
      </SimpleGrid>
      <RangeNote form={form} role={role} />
      <Textarea
        label="Bonus and equity"
        description="Optional: sign-on bonus, commission, stock options."
        autosize
        minRows={2}
        {...form.getInputProps('bonus_note')}
      />
    </Stack>
  );
}

function DatesStep({ form }: { form: UseFormReturnType<OfferFormValues> }) {
  const today = isoToday();
  return (
    <Stack gap="sm">
      <DatePickerField
        label="Start date"
        description="The first working day; after today."
        withAsterisk
        minDate={nextDay(today)}
        value={form.values.start_date}
        onChange={(value) => form.setFieldValue('start_date', value)}
        error={form.errors.start_date}
      />
      <DatePickerField
        label="Offer expires on"
        description="The last day the candidate can accept; not before today."
        withAsterisk
        minDate={today}
        maxDate={form.values.start_date ?? undefined}
        value={form.values.expires_on}
        onChange={(value) => form.setFieldValue('expires_on', value)}
        error={form.errors.expires_on}
      />
      <Select
        label="Contract type"
        data={OFFER_CONTRACT_TYPES.map((c) => ({ value: c, label: OFFER_CONTRACT_TYPE_LABELS[c] }))}
        allowDeselect={false}
        {...form.getInputProps('contract_type')}
        onChange={(value) => value && form.setFieldValue('contract_type', value as OfferContractType)}
      />
    </Stack>
  );
}

function ApproversStep({ form }: { form: UseFormReturnType<OfferFormValues> }) {
  const members = useMembers();
  return (
    <ApproversField
      value={form.values.approver_ids}
      onChange={(ids) => form.setFieldValue('approver_ids', ids)}
      members={members.data ?? []}
      loading={members.isPending}
      error={typeof form.errors.approver_ids === 'string' ? form.errors.approver_ids : undefined}
    />
  );
}

function ReviewStep({
  form,
  role,
  candidateName,
}: {
  form: UseFormReturnType<OfferFormValues>;
  role: OfferRole;
  candidateName: string | null;
}) {
  const members = useMembers();
  const v = form.values;
  const salary = Number(v.salary);
  const nameOf = (id: string) => members.data?.find((m) => m.id === id)?.name ?? 'Unknown colleague';
  return (
    <Stack gap="sm">
      <RangeNote form={form} role={role} />
      <ReviewSummary
        rows={[
          { label: 'Candidate', value: candidateName ?? (v.application_id ? 'Chosen' : 'Not chosen') },
          {
            label: 'Salary',
            value:
              v.salary === '' || Number.isNaN(salary)
                ? 'Not set'
                : formatSalary({ salary, currency: v.currency, salary_period: v.salary_period }),
          },
          { label: 'Bonus and equity', value: v.bonus_note.trim() || 'None' },
          { label: 'Start date', value: v.start_date ? formatDay(v.start_date) : 'Not set' },
          { label: 'Expires on', value: v.expires_on ? formatDay(v.expires_on) : 'Not set' },
          { label: 'Contract', value: OFFER_CONTRACT_TYPE_LABELS[v.contract_type] },
          {
            label: 'Approvers',
            value: v.approver_ids.length === 0 ? 'None' : v.approver_ids.map((id, i) => `${i + 1}. ${nameOf(id)}`).join(', '),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * Create or edit an offer: candidate & terms → dates & contract → approvers → review, on the
 * shared multi-step form with a local draft for a new offer. A new offer starts in the job role's
 * currency and period; the salary is compared with the role's range as it is typed.
 */
export function OfferForm(props: OfferFormProps) {
  const role = useRecruitmentRole(props.recruitmentId, !props.offer);
  if (props.offer) return <OfferFormFor {...props} role={props.offer.role} />;
  if (role.isError) {
    return (
      <Alert color="red" variant="light" title="The job role could not be loaded" role="alert">
        {describeError(role.error).message}
      </Alert>
    );
  }
  if (!role.data) return <Loader aria-label="Loading the job role" />;
  return <OfferFormFor {...props} role={role.data} />;
}

function OfferFormFor({ recruitmentId, offer, application, onSubmit, role }: OfferFormProps & { role: OfferRole }) {
  const fixed = offer ? { id: offer.application_id, name: offer.candidate.name } : application;
  const [candidateName, setCandidateName] = useState<string | null>(fixed?.name ?? null);
  const resetsApprovals = offer && (offer.status === 'pending_approval' || offer.status === 'approved');
  const steps: ReadonlyArray<FormStep<OfferFormValues>> = [
    {
      id: 'terms',
      label: 'Candidate & terms',
      fields: ['application_id', 'salary', 'currency', 'salary_period', 'bonus_note'],
      render: (form) => <TermsStep form={form} role={role} recruitmentId={recruitmentId} fixed={fixed} onChosen={setCandidateName} />,
    },
    {
      id: 'dates',
      label: 'Dates & contract',
      fields: ['start_date', 'expires_on', 'contract_type'],
      render: (form) => <DatesStep form={form} />,
    },
    { id: 'approvers', label: 'Approvers', fields: ['approver_ids'], render: (form) => <ApproversStep form={form} /> },
    { id: 'review', label: 'Review', fields: [], render: (form) => <ReviewStep form={form} role={role} candidateName={candidateName} /> },
  ];
  return (
    <Stack gap="md">
      {resetsApprovals ? (
        <Alert
          color="yellow"
          variant="light"
          c="var(--mantine-color-text)"
          styles={{ title: { color: 'inherit' } }}
          title="Saving resets the approvals"
          role="note"
        >
          Every approver will have to approve the changed offer again, in order.
        </Alert>
      ) : null}
      <MultiStepForm<OfferFormValues>
        steps={steps}
        initialValues={offer ? offerToValues(offer) : emptyOfferValues(application?.id ?? '', role)}
        validate={(values) => validateOffer(values)}
        draft={offer ? undefined : { group: 'create-offer', key: application?.id ?? recruitmentId }}
        allowIncompleteNavigation={false}
        submitLabel={offer ? 'Save changes' : 'Create offer'}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}
