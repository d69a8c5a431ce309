import { describe, expect, it } from 'vitest';
import { OFFER_TEXTS } from '@hireloop/contract/offers';
import {
  approvalProgress,
  emptyOfferValues,
  formatSalary,
  nextDay,
  toOfferBody,
  validateOffer,
  type OfferFormValues,
} from './offer-model.ts';

const TODAY = '2027-01-10';
const valid: OfferFormValues = {
  ...emptyOfferValues('a1'),
  salary: 85000,
  currency: 'EUR',
  start_date: '2027-03-01',
  expires_on: '2027-01-20',
  approver_ids: ['u1', 'u2'],
};

describe('offer form rules', () => {
  it('accepts a complete offer', () => {
    expect(validateOffer(valid, TODAY)).toEqual({});
  });

  it('asks for the candidate, the salary, the dates', () => {
    const errors = validateOffer(emptyOfferValues(), TODAY);
    expect(errors.application_id).toBe('Choose the candidate to make the offer to.');
    expect(errors.salary).toBe(OFFER_TEXTS.salaryRequired);
    expect(errors.start_date).toBe(OFFER_TEXTS.startDateRequired);
    expect(errors.expires_on).toBe(OFFER_TEXTS.expiryRequired);
  });

  it('refuses a negative or fractional salary and a malformed currency', () => {
    expect(validateOffer({ ...valid, salary: -1 }, TODAY).salary).toBe(OFFER_TEXTS.salaryNegative);
    expect(validateOffer({ ...valid, salary: 15.5 }, TODAY).salary).toBeUndefined();
    expect(validateOffer({ ...valid, salary: 10.555 }, TODAY).salary).toBe(OFFER_TEXTS.salaryCents);
    expect(validateOffer({ ...valid, currency: 'eu' }, TODAY).currency).toBe(OFFER_TEXTS.currencyFormat);
  });

  it('wants the expiry not before today and the start after today', () => {
    expect(validateOffer({ ...valid, expires_on: '2027-01-09' }, TODAY).expires_on).toBe(OFFER_TEXTS.expiryPast);
    expect(validateOffer({ ...valid, expires_on: TODAY }, TODAY).expires_on).toBeUndefined();
    expect(validateOffer({ ...valid, start_date: TODAY }, TODAY).start_date).toBe('The start date must be after today.');
    expect(validateOffer({ ...valid, expires_on: '2027-03-02' }, TODAY).expires_on).toBe('The offer must expire before the start date.');
  });

  it('refuses an approver listed twice', () => {
    expect(validateOffer({ ...valid, approver_ids: ['u1', 'u1'] }, TODAY).approver_ids).toBe(OFFER_TEXTS.approverDuplicate);
  });

  it('builds the request body', () => {
    expect(toOfferBody({ ...valid, bonus_note: '  ', currency: 'eur ' })).toEqual({
      salary: 85000,
      currency: 'EUR',
      salary_period: 'year',
      bonus_note: null,
      start_date: '2027-03-01',
      contract_type: 'full_time',
      expires_on: '2027-01-20',
      approver_ids: ['u1', 'u2'],
    });
  });

  it('formats salary, progress and days', () => {
    expect(formatSalary({ salary: 85000, currency: 'EUR', salary_period: 'year' })).toBe('€85,000 per year');
    expect(formatSalary({ salary: 15.5, currency: 'GBP', salary_period: 'hour' })).toBe('£15.50 per hour');
    expect(approvalProgress({ approvals: [] })).toBe('No approvers');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });
});
