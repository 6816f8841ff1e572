import type { OfferedMethods } from '@portal/domain/contracts/checkout';
import type { PortalSettings } from '@portal/domain/contracts/settings';
import { vi } from 'vitest';
import { paymentTypes } from '@portal/domain/payment-types';
import type { FoundBill, LocalChargeQuote } from '@portal/domain/contracts/search';
import type { Receipt } from '@portal/domain/contracts/receipts';
import type { LicenceDetail } from '@portal/domain/contracts/licences';
import type { SessionUser } from '@portal/domain/contracts/session';
import type { StaffRole } from '@portal/domain/staff';
import type { StaffSessionAnswer } from '@portal/domain/contracts/staff';
import { CART_STORAGE_KEY } from '../features/cart/cart-count';
import { cartItemFromBill, cartItemFromQuote, type CartItem } from '../features/cart/cart-item';
import type { Council } from '../shared/get-councils';
import { jsonResponse } from './render-app';

/** Three councils: Sandakan takes everything, Kuala Penyu no tickets, Pitas is closed. */
export const councilsFixture: Council[] = [
  {
    code: 'mps',
    name: 'Majlis Perbandaran Sandakan',
    short_name: 'MPS',
    product_title: 'MPS ePayment',
    logo: null,
    available: true,
    payment_types: [...paymentTypes],
    contact: {
      phone: '088-000 101',
      email: 'aduan.mps@example.com',
      address: 'Alamat demo, 90000 Sandakan, Sabah',
      opening_hours: [
        { days: [1, 2, 3, 4], opens: '08:00', closes: '17:00' },
        { days: [5], opens: '08:00', closes: '11:30' },
      ],
    },
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
  {
    code: 'mdkp',
    name: 'Majlis Daerah Kuala Penyu',
    short_name: 'MDKP',
    product_title: 'MDKP ePayment',
    logo: null,
    available: true,
    payment_types: ['assessment', 'license', 'compound'],
    contact: null,
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
  {
    code: 'mdptn',
    name: 'Majlis Daerah Pitas',
    short_name: 'MDPTN',
    product_title: 'MDPTN ePayment',
    logo: null,
    available: false,
    payment_types: [],
    contact: null,
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
];

/**
 * RM 500.00 of arrears, RM 1,200.00 of this year's tax, RM 120.00 special discount: partial RM 10.00
 * to RM 1,580.00 (what the full payment costs), arrears RM 500.00 (until 2025/4), full RM 1,580.00
 * (until 2026/4).
 */
export const assessmentBill: FoundBill = {
  council: 'mps',
  payment_type: 'assessment',
  account_no: 'A01000137',
  sub_type: null,
  status: 'unpaid',
  owner_name: 'Mohd********',
  owner_ic: '********5678',
  address: 'No. 12, Jalan Utama, 90000 Sandakan, Sabah',
  description: 'Cukai taksiran Sandakan',
  amount_due: 158_000,
  due_date: '2026-06-30',
  details: {
    house_no: '12',
    current_title: 'CL 12345678',
    assessed_year: 2026,
    arrears_sen: 50_000,
    current_sen: 120_000,
    special_discount_sen: 12_000,
    paid_until: '2024/4',
  },
  assessment_options: [
    {
      selection: 'partial',
      code: 1,
      minimum: 1_000,
      maximum: 158_000,
      paid_until: '2026/4',
      discount: 12_000,
    },
    {
      selection: 'arrears',
      code: 2,
      minimum: 50_000,
      maximum: 50_000,
      paid_until: '2025/4',
      discount: 0,
    },
    {
      selection: 'full',
      code: 3,
      minimum: 158_000,
      maximum: 158_000,
      paid_until: '2026/4',
      discount: 12_000,
    },
  ],
  assessment_rates: { partial_discount_bp: 5000, arrears_discount_bp: 0 },
};

export const licenceBill: FoundBill = {
  council: 'mps',
  payment_type: 'license',
  account_no: 'LO-2026-001001',
  sub_type: 'operasi',
  status: 'active',
  owner_name: 'Tan *******',
  owner_ic: null,
  address: 'No. 3, Jalan Pasar, 90000 Sandakan, Sabah',
  description: 'Kedai Kopi Sandakan',
  amount_due: 90_000,
  due_date: '2026-12-31',
  details: {
    kind: 'operasi',
    category: 'operating',
    business_type: 'Premis perniagaan',
    monthly_fee_sen: 7_500,
    location: 'Jalan Pasar, Sandakan',
    valid_until: '2026-12-31',
  },
};

export const compoundBill: FoundBill = {
  council: 'mps',
  payment_type: 'compound',
  account_no: 'KP01-001001',
  sub_type: 'individual',
  status: 'unpaid',
  owner_name: 'Wong *******',
  owner_ic: '********1234',
  address: null,
  description: 'Membuang sampah di tempat awam',
  amount_due: 10_000,
  due_date: '2026-03-31',
  details: {
    compound_type: 'individual',
    category: 'individual',
    offence: 'Membuang sampah di tempat awam',
    issued_at: '2026-02-14T03:15:00Z',
    location: 'Jalan Utama, Sandakan',
  },
};

export const chargeQuote: LocalChargeQuote = {
  council: 'mps',
  payment_type: 'local_government_charge',
  account_no: 'LO-2026-001001',
  license_no: 'LO-2026-001001',
  customer_name: 'Kedai Kopi Sandakan',
  people: 20,
  days: 3,
  rate_sen: 100,
  amount_due: 6_000,
  start_date: '2026-05-01',
  end_date: '2026-05-03',
  description: 'Caj kerajaan tempatan bagi lesen LO-2026-001001',
};

/**
 * Puts bills in the cart as a returning visitor's browser holds them: in the local-storage mirror,
 * numbered from 1. By default the assessment's arrears (RM 500.00), the licence (RM 900.00), the
 * charge linked to it (RM 60.00) and the compound (RM 100.00): RM 1,560.00 in all.
 */
export function putInCart(
  items: readonly CartItem[] = [
    cartItemFromBill(assessmentBill, { selection: 'arrears', amount: 50_000, paidUntil: '2025/4' }),
    cartItemFromBill(licenceBill),
    cartItemFromQuote(chargeQuote),
    cartItemFromBill(compoundBill),
  ],
) {
  const stored = items.map((item, index) => ({ ...item, id: index + 1 }));
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
}

/**
 * A successful payment of the assessment's arrears (RM 500.00) and the licence (RM 900.00), paid
 * 22/11/2026 at 02:12 PM Malaysia time.
 */
export const paidReceipt: Receipt = {
  reference: 'A10-20261122-000123',
  status: 'successful',
  amount: 140_000,
  created_at: '2026-11-22T06:10:00Z',
  paid_at: '2026-11-22T06:12:00Z',
  release_at: null,
  payer: { full_name: 'Tan Mei Ling', email: 'mei.ling@example.com', phone: '0123456789' },
  method: 'card',
  channel: null,
  card: {
    brand: 'visa',
    masked_number: '4111 11•• •••• 1111',
    bank: 'MayBank',
    auth_code: 'A12345',
    trans_id: 'T000123',
  },
  failure_reason: null,
  refunds: [],
  items: [
    {
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      payment_type: 'assessment',
      account_no: 'A01000137',
      description: 'Cukai taksiran Sandakan',
      amount: 50_000,
      tax: 0,
      discount: 5_000,
      paid_until: '2025/4',
      license_no: null,
      discount_name: null,
    },
    {
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      payment_type: 'license',
      account_no: 'LO-2026-001001',
      description: 'Kedai Kopi Sandakan',
      amount: 90_000,
      tax: 0,
      discount: 0,
      paid_until: null,
      license_no: null,
      discount_name: null,
    },
  ],
  check_url: 'http://localhost:8080/#/receipt_check?reference=A10-20261122-000123&code=c0ffee',
};

type Handler = (body: unknown, init?: RequestInit) => Response | Promise<Response>;

/** A logged-in user, as the session and the profile answer them. */
export const userFixture: SessionUser = {
  email: 'mei.ling@example.com',
  full_name: 'Tan Mei Ling',
  phone: '0123456789',
  ic_num_masked: '********5678',
  id_type: 'new_id',
  id_no: '900101125678',
  roles: ['user'],
  email_verified: true,
};

/** An active operating licence whose renewal to the end of next year is open. */
export const activeLicence: LicenceDetail = {
  council: 'mps',
  council_logo: `/api/images/${'a'.repeat(64)}`,
  licence_no: 'LO-2026-001001',
  reference: 'MPS/LSN/2026/001001',
  category: 'operating',
  kind: 'operasi',
  lesen_print: 1,
  status: 'active',
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  valid_today: true,
  business_name: 'Kedai Kopi Sandakan',
  business_type: 'Premis perniagaan',
  business_category: 'Perniagaan am',
  unit_kind: 'Premis',
  unit_count: 1,
  location: 'Jalan Utama, Sandakan',
  location_code: 'MPS-253',
  premises_picture: `/api/images/${'b'.repeat(64)}`,
  owners: [{ name: 'Jain***********', ic: '********7708' }],
  monthly_fee: 7500,
  payments: [],
  renewal: {
    renewable: true,
    reduction_label: null,
    options: [
      {
        period: 'next_year',
        valid_from: '2027-01-01',
        valid_until: '2027-12-31',
        months: 12,
        licence_fee: 90_000,
        process_fee: 1000,
        reduction: 0,
        amount: 91_000,
      },
    ],
  },
};

/** The CSRF token stubApi's session answers with (renderApp starts with TEST_CSRF_TOKEN). */
export const FRESH_CSRF_TOKEN = 'csrf-fresh-token';

/**
 * A fetch that answers the portal API from handlers by `METHOD path`; councils, settings and the
 * session (nobody logged in) have defaults. Answers the mock, whose calls name what the page asked
 * for.
 */
/** The settings of a portal with nothing switched on. */
export const settingsFixture: PortalSettings = {
  version: 1,
  cart_limit: 10,
  max_payment: 3_000_000,
  closing: false,
  closing_message: null,
  reopens_at: null,
  snackbar_message: null,
  announcement: null,
  app_version: '1.0.0',
  helpline: null,
};

export function stubApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'GET /api/councils': () => jsonResponse(councilsFixture),
    'GET /api/settings': () => jsonResponse(settingsFixture),
    'GET /api/auth/session': () => jsonResponse({ user: null, csrf_token: FRESH_CSRF_TOKEN }),
    'GET /api/checkout/methods': () => jsonResponse(offeredMethodsFixture),
    ...handlers,
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    // A handler for a path answers it whatever its query, unless one names the query too.
    const handler =
      all[`${method} ${String(input)}`] ?? all[`${method} ${String(input).split('?')[0]}`];
    if (!handler) return jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const channel = (payment_id: string, name: string, max_amount: number, online = true) => ({
  payment_id,
  name,
  online,
  min_amount: 100,
  max_amount,
});

/**
 * The ways to pay a cart is offered: online banking with Agrobank down, Maybank2E for a business,
 * two e-wallets (GrabPay taking at most RM 1,500.00) and the card.
 */
export const offeredMethodsFixture: OfferedMethods = {
  methods: [
    {
      method: 'online_banking',
      channels: [
        channel('6', 'Maybank2u', 3_000_000),
        channel('20', 'CIMB Clicks', 3_000_000),
        channel('405', 'Agrobank', 3_000_000, false),
      ],
    },
    {
      method: 'corporate_banking',
      channels: [{ ...channel('178', 'Maybank2E', 10_000_000), min_amount: 200 }],
    },
    {
      method: 'ewallet',
      channels: [
        channel('538', "Touch 'n Go eWallet", 2_000_000),
        channel('523', 'GrabPay', 150_000),
      ],
    },
    { method: 'card', channels: [{ ...channel('2', 'Card', 10_000_000), min_amount: 1 }] },
  ],
};

/** The JSON bodies the page sent to one endpoint, in order. */
export function bodiesSentTo(fetch: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

/** The CSRF header of each call the page made to one endpoint, in order. */
export function csrfTokensSentTo(fetch: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([input]) => String(input) === path)
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['x-csrf-token']);
}

/** A back-office session of a staff member in a role: of Sandakan, or state-wide for `_admin`. */
export function staffSession(role: StaffRole): StaffSessionAnswer {
  return {
    staff: {
      email: `${role}@staff.portal.test`,
      full_name: 'Aminah binti Pegawai',
      role,
      council: role === '_admin' ? null : 'mps',
    },
    csrf_token: 'csrf-office',
  };
}

/**
 * A back office seen by a staff member in a role, whose server answers each path (without its
 * query) with the JSON given, beside the session, the councils and the site settings.
 */
export function stubOffice(role: StaffRole, answers: Record<string, unknown>) {
  const all: Record<string, unknown> = {
    '/api/office/session': staffSession(role),
    '/api/councils': councilsFixture,
    '/api/settings': settingsFixture,
    ...answers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      return path in all
        ? jsonResponse(all[path])
        : jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
    }),
  );
}
