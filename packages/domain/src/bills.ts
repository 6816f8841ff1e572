import type { AssessmentSelection } from './assessments';
import type { Sen } from './money';
import type { PaymentType } from './payment-types';

/** One assessment selection as the search answers it (docs/cart.md), amounts in sen. */
export interface AssessmentOptionView {
  selection: AssessmentSelection;
  code: 1 | 2 | 3;
  minimum: Sen;
  maximum: Sen;
  /** `YYYY/Q`. */
  paid_until: string;
}

/** A bill as `POST /api/search` answers it. The owner's name and IC number arrive masked. */
export interface FoundBill {
  council: string;
  payment_type: PaymentType;
  /** As the council prints it. */
  account_no: string;
  /** Licence kind, compound type or plan type, where the type has one. */
  sub_type: string | null;
  status: string;
  owner_name: string;
  owner_ic: string | null;
  address: string | null;
  description: string;
  amount_due: Sen;
  /** `YYYY-MM-DD`. */
  due_date: string | null;
  /** The type's own fields; amounts in them are in sen and named `*_sen`. */
  details: Record<string, unknown>;
  assessment_options?: AssessmentOptionView[];
}

/** A local government charge as `POST /api/local-charges/quote` answers it (docs/search.md). */
export interface LocalChargeQuote {
  council: string;
  payment_type: 'local_government_charge';
  account_no: string;
  license_no: string;
  customer_name: string;
  people: number;
  days: number;
  rate_sen: Sen;
  amount_due: Sen;
  start_date: string;
  end_date: string;
  full_name: string;
  email: string;
  phone: string;
  description: string;
}
