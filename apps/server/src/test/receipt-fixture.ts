import type { Receipt, ReceiptItem } from '@portal/domain/contracts/receipts';

/** A paid receipt of three lines at two councils, as the receipt tests render it. */
export const sampleAssessmentLine: ReceiptItem = {
  council: 'mps',
  council_name: 'Majlis Perbandaran Sandakan',
  payment_type: 'assessment',
  account_no: 'A01000137',
  description: 'Lot 12, Taman Bandar Kim Fung, Batu 4, Jalan Labuk',
  amount: 84_550,
  tax: 0,
  discount: 9_450,
  paid_until: '2026/4',
  license_no: null,
};

export const sampleReceipt: Receipt = {
  reference: 'A10-20261122-000123',
  status: 'successful',
  amount: 127_899,
  created_at: '2026-11-22T06:10:02.000Z',
  paid_at: '2026-11-22T06:12:45.000Z',
  release_at: null,
  method: 'card',
  channel: null,
  payer: {
    full_name: 'Nurul Aisyah binti Abdullah',
    email: 'nurul.aisyah@example.com',
    phone: '0198765432',
  },
  card: {
    brand: 'visa',
    masked_number: '4111 11•• •••• 1111',
    bank: 'Maybank',
    auth_code: '083921',
    trans_id: 'TX20261122061245',
  },
  failure_reason: null,
  refunds: [],
  items: [
    sampleAssessmentLine,
    {
      council: 'mpt',
      council_name: 'Majlis Perbandaran Tawau',
      payment_type: 'license',
      account_no: 'L2026004512',
      description: 'Lesen perniagaan kedai runcit',
      amount: 30_000,
      tax: 0,
      discount: 6_000,
      paid_until: null,
      license_no: null,
    },
    {
      council: 'mpt',
      council_name: 'Majlis Perbandaran Tawau',
      payment_type: 'compound',
      account_no: 'KP2026010877',
      description: 'Meletak kenderaan di petak OKU',
      amount: 13_349,
      tax: 0,
      discount: 0,
      paid_until: null,
      license_no: null,
    },
  ],
  check_url: 'https://pay.example.gov.my/receipts/check/A10-20261122-000123',
};
