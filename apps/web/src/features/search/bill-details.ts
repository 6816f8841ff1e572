import type { PaymentType } from '@portal/domain/payment-types';
import type { PlanType } from '@portal/domain/plans';

type DetailKey =
  | 'house_no'
  | 'current_title'
  | 'assessed_year'
  | 'arrears_sen'
  | 'current_sen'
  | 'special_discount_sen'
  | 'paid_until'
  | 'kind'
  | 'category'
  | 'business_type'
  | 'monthly_fee_sen'
  | 'location'
  | 'valid_until'
  | 'compound_type'
  | 'offence'
  | 'issued_at'
  | 'vehicle_plate'
  | 'market_name'
  | 'stall_no'
  | 'monthly_rent_sen'
  | 'months_owing'
  | 'hall_name'
  | 'event'
  | 'event_date'
  | 'sessions'
  | 'plan_type'
  | 'lot_no'
  | 'submitted_on';

/** How a detail is shown: as it is, in ringgit, as a date, or translated from a code. */
export type DetailFormat =
  | 'text'
  | 'money'
  | 'date'
  | 'dateTime'
  | 'quarter'
  | 'licenceKind'
  | 'licenceCategory'
  | 'compoundType'
  | 'planType';

export interface DetailField {
  key: DetailKey;
  format: DetailFormat;
}

const text = (key: DetailKey): DetailField => ({ key, format: 'text' });
const money = (key: DetailKey): DetailField => ({ key, format: 'money' });

const assessmentFields: DetailField[] = [
  text('house_no'),
  text('current_title'),
  text('assessed_year'),
  money('arrears_sen'),
  money('current_sen'),
  money('special_discount_sen'),
  { key: 'paid_until', format: 'quarter' },
];

/** The key details of each payment type's bill, in the order the result card shows them. */
export const detailFields: Record<
  Exclude<PaymentType, 'local_government_charge'>,
  DetailField[]
> = {
  assessment: assessmentFields,
  land_cess: assessmentFields,
  license: [
    { key: 'kind', format: 'licenceKind' },
    { key: 'category', format: 'licenceCategory' },
    text('business_type'),
    money('monthly_fee_sen'),
    text('location'),
    { key: 'valid_until', format: 'date' },
  ],
  compound: [
    { key: 'compound_type', format: 'compoundType' },
    text('offence'),
    { key: 'issued_at', format: 'dateTime' },
    text('location'),
    text('vehicle_plate'),
  ],
  ticket: [
    text('vehicle_plate'),
    text('offence'),
    text('location'),
    { key: 'issued_at', format: 'dateTime' },
  ],
  market: [text('market_name'), text('stall_no'), money('monthly_rent_sen'), text('months_owing')],
  booking: [
    text('hall_name'),
    text('event'),
    { key: 'event_date', format: 'date' },
    text('sessions'),
  ],
  engineer: [
    { key: 'plan_type', format: 'planType' },
    text('lot_no'),
    { key: 'submitted_on', format: 'date' },
  ],
};

/** Each plan type's key under `planTypes.` in the catalogues. */
export const planTypeKeys = {
  REZONING: 'rezoning',
  DEVELOPMENT: 'development',
  BUILDING: 'building',
  'PRIVATE BUILDING': 'private_building',
  LAND: 'land',
  RENOVATION: 'renovation',
  ENGINEERING: 'engineering',
} as const satisfies Record<PlanType, string>;
