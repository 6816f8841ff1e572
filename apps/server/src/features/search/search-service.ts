import {
  assessmentBalanceOf,
  assessmentOptions,
  type AssessmentRates,
} from '@portal/domain/assessments';
import {
  billListLimit,
  type BillList,
  type FoundBill,
  type LocalChargeQuote,
} from '@portal/domain/contracts/search';
import { compoundCategoryTypes, type CompoundCategory } from '@portal/domain/compounds';
import { isCouncilCode } from '@portal/domain/councils';
import { hideIC, hideText } from '@portal/domain/display-filters';
import {
  fieldErrors,
  localChargeAmount,
  localChargeDays,
  localChargeLimitErrors,
  localChargeRateSen,
  localChargeSchema,
  ownerSearchSchema,
  plateSearchSchema,
  searchSchema,
} from '@portal/domain/forms';
import {
  accountKey,
  isAssessment,
  searchablePaymentTypes,
  toPaymentType,
  type PaymentType,
} from '@portal/domain/payment-types';
import type { Database } from '../../db/database';
import { AppError, checkedRequest } from '../../lib/app-error';
import { assertOpen, notFound, openBill } from '../../lib/bill-rules';
import { countAttempt } from '../../lib/rate-limit';
import {
  billListQuery,
  councilOpenTypes,
  type BillListMatch,
  type BillLookup,
  type BillRow,
} from './search-queries';

/** Finds the bill a citizen asked for, or says why not (docs/search.md). */
export async function searchBill(lookup: BillLookup, request: unknown): Promise<FoundBill> {
  const rawType = (request as { payment_type?: unknown } | null)?.payment_type;
  const paymentType = typeof rawType === 'string' ? toPaymentType(rawType) : undefined;
  // The local government charge is not looked up by number: it is quoted from its form.
  if (rawType !== undefined && (!paymentType || paymentType === 'local_government_charge')) {
    throw new AppError('invalid_payment_type', `Cannot search payment type ${String(rawType)}`);
  }
  const search = checkedRequest(searchSchema, request, 'search');

  const row = await lookup({
    council: search.council,
    paymentType: search.payment_type,
    accountNo: accountKey(search.payment_type, search.query),
  });
  const bill = openBill(row);
  const filterMismatch =
    (search.plan_type && bill.paymentType === 'engineer' && bill.subType !== search.plan_type) ||
    (search.compound_type &&
      bill.paymentType === 'compound' &&
      bill.subType !== search.compound_type);
  if (filterMismatch) throw notFound();
  if (row?.heldUntil) {
    throw new AppError(
      'payment_in_progress',
      'Payment for this account is in progress',
      undefined,
      [
        {
          council: bill.councilCode,
          payment_type: bill.paymentType,
          account_no: bill.displayNo,
          release_at: row.heldUntil.toISOString(),
        },
      ],
    );
  }
  return presentBill(bill, row!.assessmentRates);
}

/**
 * Prices a local government charge from its form (docs/search.md): it belongs to a licence of the
 * council, which must exist and be in good standing; the server computes the amount.
 */
export async function quoteLocalCharge(
  lookup: BillLookup,
  request: unknown,
  gatewayMaxAmountSen: number,
): Promise<LocalChargeQuote> {
  const council = (request as { council?: unknown } | null)?.council;
  const parsed = localChargeSchema.safeParse(request);
  if (!isCouncilCode(council) || !parsed.success) {
    const fields = parsed.success ? {} : fieldErrors(parsed.error);
    if (!isCouncilCode(council))
      fields.council = council === undefined ? 'required' : 'code_invalid';
    throw new AppError('validation_failed', 'The charge form is not valid', fields);
  }
  const charge = parsed.data;
  // Whether the council takes this charge: the same lookup, for a number no bill has.
  const taken = await lookup({ council, paymentType: 'local_government_charge', accountNo: '' });
  assertOpen(taken);
  if (taken) {
    const beyond = localChargeLimitErrors(charge, taken.localChargeLimits);
    if (Object.keys(beyond).length > 0) {
      throw new AppError('validation_failed', 'The charge is beyond the council limits', beyond);
    }
  }
  const licence = openBill(
    await lookup({
      council,
      paymentType: 'license',
      accountNo: accountKey('license', charge.license_no),
    }),
  );
  const days = localChargeDays(charge.start_date, charge.end_date);
  const amount = localChargeAmount({
    people: charge.total_no_of_people,
    days,
    rateSen: localChargeRateSen,
  });
  if (amount > gatewayMaxAmountSen) {
    throw new AppError('amount_too_large', 'More than the gateway takes in one payment');
  }
  return {
    council,
    payment_type: 'local_government_charge',
    account_no: licence.displayNo,
    license_no: licence.displayNo,
    customer_name: charge.customer_name,
    people: charge.total_no_of_people,
    days,
    rate_sen: localChargeRateSen,
    amount_due: amount,
    start_date: charge.start_date,
    end_date: charge.end_date,
    description: licence.description,
  };
}

/** Who searches, for the rate limit: a logged-in user, else the address (as checkout counts). */
export interface SearchClient {
  userId: number | undefined;
  ip: string;
}

export interface ListSearchSettings {
  perMinute: number;
  now: Date;
}

/**
 * Every unpaid compound and parking ticket of one vehicle at a council (docs/search.md). A
 * well-formed search is counted against the client's allowance before anything is read, so that a
 * miss costs the same as a find: a list of strangers' bills is what an enumerator is after. A
 * malformed one reads nothing, so it is refused uncounted and changes nothing.
 */
export async function listBillsByPlate(
  db: Database,
  request: unknown,
  client: SearchClient,
  settings: ListSearchSettings,
): Promise<BillList> {
  const search = checkedRequest(plateSearchSchema, request, 'search');
  await countListSearch(db, client, settings);
  return listBills(db, search.council, ['compound', 'ticket'], search.compound_category, {
    by: 'plate',
    plate: search.plate,
  });
}

/** Every unpaid bill at a council of one owner's MyKad number, across its payment types. */
export async function listBillsByOwner(
  db: Database,
  request: unknown,
  client: SearchClient,
  settings: ListSearchSettings,
): Promise<BillList> {
  const search = checkedRequest(ownerSearchSchema, request, 'search');
  await countListSearch(db, client, settings);
  return listBills(db, search.council, searchablePaymentTypes, search.compound_category, {
    by: 'owner',
    ownerIc: search.owner_ic,
  });
}

function countListSearch(db: Database, client: SearchClient, settings: ListSearchSettings) {
  const clientKey = client.userId !== undefined ? `user:${client.userId}` : `ip:${client.ip}`;
  return countAttempt(
    db,
    [`search-list:${clientKey}`],
    { limit: settings.perMinute, windowSeconds: 60 },
    settings.now,
  );
}

/**
 * The list itself: of the types asked for, those the council takes online now; with a compound
 * category, its compounds alone. A council switched off, or taking none of the types, is said as
 * the single search says it.
 */
async function listBills(
  db: Database,
  council: string,
  asked: readonly PaymentType[],
  category: CompoundCategory | undefined,
  match: BillListMatch,
): Promise<BillList> {
  const wanted: readonly PaymentType[] = category ? ['compound'] : asked;
  const open = await councilOpenTypes(db, council);
  if (open && !open.available) {
    throw new AppError('council_not_available', 'This council is currently not available');
  }
  const types = wanted.filter((type) => open?.openTypes.includes(type));
  if (types.length === 0) {
    throw new AppError(
      'payment_type_not_available',
      'This payment type is currently not available',
    );
  }
  const rows = await billListQuery(db, {
    council,
    types,
    compoundTypes: category && compoundCategoryTypes[category],
    match,
    // One more than shown, to know whether there are more.
    limit: billListLimit + 1,
  });
  return {
    bills: rows.slice(0, billListLimit).map((row) => ({
      ...presentBill(row, open!.assessmentRates),
      held_until: row.heldUntil?.toISOString() ?? null,
    })),
    more: rows.length > billListLimit,
  };
}

/**
 * What a search shows: anyone may search any number, so the owner's name and identity card
 * number are masked before they leave the server.
 */
export function presentBill(bill: BillRow, rates: AssessmentRates): FoundBill {
  const found: FoundBill = {
    council: bill.councilCode,
    payment_type: bill.paymentType,
    account_no: bill.displayNo,
    sub_type: bill.subType,
    status: bill.status,
    owner_name: hideText(bill.ownerName),
    owner_ic: bill.ownerIc ? hideIC(bill.ownerIc) : null,
    address: bill.address,
    description: bill.description,
    amount_due: bill.amountDueSen,
    due_date: bill.dueDate,
    details: bill.details,
  };
  if (isAssessment(bill.paymentType)) {
    found.assessment_options = assessmentOptions(assessmentBalanceOf(bill.details), rates).map(
      (option) => ({
        selection: option.selection,
        code: option.code,
        minimum: option.minimumSen,
        maximum: option.maximumSen,
        paid_until: option.paidUntil,
        discount: option.discountSen,
      }),
    );
    found.assessment_rates = {
      partial_discount_bp: rates.partialDiscountBp,
      arrears_discount_bp: rates.arrearsDiscountBp,
    };
  }
  return found;
}
