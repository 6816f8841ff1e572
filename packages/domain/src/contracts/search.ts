import * as z from 'zod';
import { assessmentSelections } from '../assessments';
import { paymentTypes } from '../payment-types';
import type { Endpoint } from './endpoint';
import { requiredByService } from './params';
import { named } from './named';

const text = (description: string) => z.string().optional().describe(description);
const requiredText = (description: string) => requiredByService(z.string(), description);
const sen = z.number().int().describe('in sen');

/**
 * What a search sends. Fields are optional here so that the domain's form schemas (`searchSchema`,
 * `localChargeSchema`), which the service applies, name what is missing field by field.
 */
const searchRequest = z.object({
  council: requiredText('Council code, e.g. mps'),
  payment_type: requiredText(
    'assessment, land_cess, license, compound, ticket, market, booking or engineer',
  ),
  query: requiredText('The account, licence, compound, ticket, stall, booking or plan number'),
  plan_type: text('Engineering plan type, e.g. BUILDING'),
  compound_type: text('Compound type, e.g. vehicle'),
});

/** One assessment selection as the search answers it (docs/assessment.md). */
const assessmentOption = named(
  'AssessmentOption',
  z.strictObject({
    selection: z.enum(assessmentSelections),
    code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    minimum: sen,
    maximum: sen,
    paid_until: z.string().describe('YYYY/Q'),
    discount: sen.describe(
      'in sen: taken off the account besides the amount, when the maximum is paid',
    ),
  }),
);

/** The rates of the bill's council that its selections follow (docs/assessment.md). */
const assessmentRates = named(
  'AssessmentRates',
  z.strictObject({
    partial_discount_bp: z.number().int().describe('Minimum special discount, in basis points'),
    arrears_discount_bp: z.number().int().describe('Arrears waiver, in basis points'),
  }),
);

export type AssessmentOptionView = z.output<typeof assessmentOption>;

/** A bill as the search answers it. The owner's name and IC number arrive masked. */
export const foundBill = named(
  'Bill',
  z.strictObject({
    council: z.string(),
    payment_type: z.enum(paymentTypes),
    account_no: z.string().describe('As the council prints it'),
    sub_type: z
      .string()
      .nullable()
      .describe('Licence kind, compound type or plan type, where the type has one'),
    status: z.string(),
    owner_name: z.string().describe('masked'),
    owner_ic: z.string().nullable().describe('masked'),
    address: z.string().nullable(),
    description: z.string(),
    amount_due: sen,
    due_date: z.string().nullable().describe('YYYY-MM-DD'),
    details: z
      .record(z.string(), z.unknown())
      .describe("The type's own fields; amounts in them are in sen and named *_sen"),
    assessment_options: z.array(assessmentOption).optional(),
    assessment_rates: assessmentRates.optional(),
  }),
);

export type FoundBill = z.output<typeof foundBill>;

/** How many bills one list answers at most; the answer says when there are more. */
export const billListLimit = 50;

const listRequest = {
  council: requiredText('Council code, e.g. mps'),
  compound_category: text('individual, seizure, vehicle or trading: only compounds of it'),
};

const plateSearchRequest = z.object({
  ...listRequest,
  plate: requiredText('Vehicle registration number; spaces, hyphens and case do not matter'),
});

const ownerSearchRequest = z.object({
  ...listRequest,
  owner_ic: requiredText("The owner's MyKad number, 12 digits, hyphens allowed"),
});

/** A bill of a list: as the single search answers it, and whether a payment under way holds it. */
const listedBill = named(
  'ListedBill',
  foundBill.extend({
    held_until: z
      .string()
      .nullable()
      .describe('ISO time until which a payment under way holds the bill; null when free'),
  }),
);

export type ListedBill = z.output<typeof listedBill>;

/** The unpaid bills a list search found, oldest due first, at most `billListLimit`. */
const billList = named(
  'BillList',
  z.strictObject({
    bills: z.array(listedBill),
    more: z.boolean().describe('More unpaid bills match than the list holds'),
  }),
);

export type BillList = z.output<typeof billList>;

const listErrors = ['council_not_available', 'payment_type_not_available', 'rate_limited'] as const;

const localChargeRequest = z.object({
  council: requiredText('Council code'),
  license_no: requiredText('The licence the charge belongs to'),
  customer_name: requiredText('Who the charge is for'),
  total_no_of_people: requiredByService(z.number(), 'How many people, 1 or more'),
  start_date: requiredText('YYYY-MM-DD'),
  end_date: requiredText('YYYY-MM-DD, not before the start date'),
});

/** A local government charge, priced for its licence (docs/search.md). */
const localChargeQuote = z.strictObject({
  council: z.string(),
  payment_type: z.literal('local_government_charge'),
  account_no: z.string(),
  license_no: z.string(),
  customer_name: z.string(),
  people: z.number().int(),
  days: z.number().int(),
  rate_sen: sen,
  amount_due: sen,
  start_date: z.string(),
  end_date: z.string(),
  description: z.string(),
});

export type LocalChargeQuote = z.output<typeof localChargeQuote>;

export const searchApi = {
  find: {
    method: 'POST',
    path: '/search',
    summary: 'Find a bill by council, payment type and number',
    body: searchRequest,
    answer: foundBill,
    errors: [
      'invalid_payment_type',
      'not_found',
      'council_not_available',
      'payment_type_not_available',
      'license_status_not_allowed',
      'payment_in_progress',
      'rate_limited',
    ],
  },
  findByPlate: {
    method: 'POST',
    path: '/search/plate',
    summary: "Every unpaid compound and parking ticket of one vehicle at a council, owners' masked",
    body: plateSearchRequest,
    answer: billList,
    errors: listErrors,
  },
  findByOwner: {
    method: 'POST',
    path: '/search/owner',
    summary: "Every unpaid bill at a council of one owner's MyKad number, owners masked",
    body: ownerSearchRequest,
    answer: billList,
    errors: listErrors,
  },
  quoteLocalCharge: {
    method: 'POST',
    path: '/local-charges/quote',
    summary: 'Price a local government charge (people x days x rate) for a licence',
    body: localChargeRequest,
    answer: localChargeQuote,
    errors: [
      'not_found',
      'council_not_available',
      'payment_type_not_available',
      'license_status_not_allowed',
      'amount_too_large',
      'rate_limited',
    ],
  },
} as const satisfies Record<string, Endpoint>;
