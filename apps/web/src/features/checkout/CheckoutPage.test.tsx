import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { receiptTokenFor, saveReceiptToken } from '../../shared/receipt-tokens';
import {
  bodiesSentTo,
  offeredMethodsFixture,
  paidReceipt,
  putInCart,
  stubApi,
  userFixture,
} from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';
import { errorSummaryItems } from '../../test/field-errors';

async function openCheckout() {
  const view = renderApp(paths.checkout);
  await findScreen('Pembayaran');
  // The form shows once it is known that no payment of this payer is left open.
  await screen.findByRole('form', { name: 'Maklumat pembayar' });
  await screen.findByRole('group', { name: 'Cara bayaran' });
  return view;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillPayer() {
  type('Nama penuh', 'Tan Mei Ling');
  type('E-mel', ' Mei.Ling@Example.com ');
  type('Nombor telefon', '012-345 6789');
  type('No. MyKad', '900101-12-5678');
  type('Bank anda', '6');
}

function payButton() {
  return screen.getByRole('button', { name: /^Bayar RM/ });
}

function payerForm() {
  return screen.getByRole('form', { name: 'Maklumat pembayar' });
}

function summaryLines() {
  return within(screen.getByRole('region', { name: 'Bayaran anda' })).getAllByRole('listitem');
}

const gateway = {
  action: 'http://localhost:8081/epayment/entry.asp',
  fields: { MerchantCode: 'M00123', RefNo: 'A10-20261122-000123', Amount: '1,560.00' },
};

describe('the checkout page', () => {
  test('lists each bill with council, type, number and amount, and the total to pay', async () => {
    stubApi();
    putInCart();
    await openCheckout();
    expect(summaryLines()).toHaveLength(4);
    const first = summaryLines()[0]!;
    expect(within(first).getByText('Cukai taksiran')).toBeTruthy();
    expect(within(first).getByText('A01000137')).toBeTruthy();
    expect(within(first).getByText('RM 500.00')).toBeTruthy();
    expect(await within(first).findByText('Majlis Perbandaran Sandakan')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('RM 1,560.00');
    expect(payButton().textContent).toContain('Bayar RM 1,560.00');
    // Online banking comes first and is chosen; the payer logs in at the bank, not here.
    const ways = within(screen.getByRole('group', { name: 'Cara bayaran' }));
    expect(ways.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      expect.stringContaining('Perbankan dalam talian (FPX)'),
      expect.stringContaining('Perbankan korporat (FPX)'),
      expect.stringContaining('E-dompet'),
      expect.stringContaining('Kad kredit atau debit'),
    ]);
    expect(ways.getByRole('radio', { name: /Perbankan dalam talian/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      screen.getByText(
        'Anda log masuk ke bank anda di halaman selamatnya sendiri, bukan di portal ini.',
      ),
    ).toBeTruthy();
  });

  test('the consent names the user agreement the payer accepts, one tap away', async () => {
    stubApi();
    putInCart();
    await openCheckout();
    const consent = screen.getByRole('group', { name: 'Persetujuan' });
    expect(consent.textContent).toContain(
      'Dengan membuat bayaran, anda menerima Perjanjian Pengguna.',
    );
    expect(
      within(consent).getByRole('link', { name: 'Perjanjian Pengguna' }).getAttribute('href'),
    ).toBe(`#${paths.userAgreement}`);
  });

  test('payers who leave the form blank see what is missing, in their language, and nothing is sent', async () => {
    const fetch = stubApi();
    putInCart();
    await openCheckout();
    type('E-mel', 'not-an-address');
    type('No. MyKad', '1234');
    fireEvent.click(payButton());

    expect(await errorSummaryItems()).toEqual([
      'Nama penuh diperlukan.',
      'E-mel: Format e-mel tidak sah',
      'Nombor telefon diperlukan.',
      'No. MyKad: No. kad pengenalan mestilah 12 aksara',
      'Bank anda diperlukan.',
    ]);
    expect(screen.getByLabelText('Nama penuh').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Nama penuh'));
    expect(bodiesSentTo(fetch, '/api/checkout')).toEqual([]);
  });

  test('a guest without a MyKad pays with a passport, checked by the passport rule', async () => {
    const fetch = stubApi({
      'POST /api/checkout': () =>
        jsonResponse({
          reference: 'A10-20261122-000124',
          receipt_token: 'tok-124',
          amount: 156_000,
        }),
      'POST /api/payments/handover': () => jsonResponse({ gateway: null }),
    });
    putInCart();
    await openCheckout();
    type('Nama penuh', 'Rahul Kumar');
    type('E-mel', 'rahul@example.com');
    type('Nombor telefon', '011-2345 6789');
    fireEvent.change(screen.getByLabelText('Dokumen pengenalan'), {
      target: { value: 'passport_id' },
    });
    type('No. pasport', 'k1234');
    type('Bank anda', '20');
    fireEvent.click(payButton());
    expect(
      await screen.findByText(
        'No. pasport ialah 6 hingga 15 huruf dan digit seperti yang tertera pada pasport, contohnya A12345678.',
      ),
    ).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/checkout')).toEqual([]);

    type('No. pasport', 'k 1234 5678');
    fireEvent.click(payButton());
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/checkout')).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/checkout')[0]).toMatchObject({
      payer: {
        full_name: 'Rahul Kumar',
        email: 'rahul@example.com',
        id_type: 'passport_id',
        id_no: 'K12345678',
      },
    });
  });

  test('a payment that is created keeps its receipt token and posts the signed fields to the gateway', async () => {
    const posted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted.push(this);
    });
    const fetch = stubApi({
      'POST /api/checkout': () =>
        jsonResponse({
          reference: 'A10-20261122-000123',
          receipt_token: 'tok-123',
          amount: 156_000,
        }),
      'POST /api/payments/handover': () =>
        jsonResponse({ status: 'in_progress', gateway, release_at: '2026-11-22T06:30:00Z' }),
    });
    putInCart();
    await openCheckout();
    fillPayer();
    fireEvent.click(payButton());
    // A second tap while the first is on its way sends nothing more.
    fireEvent.submit(payerForm());

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/checkout')).toEqual([
      {
        items: [
          {
            council: 'mps',
            payment_type: 'assessment',
            account_no: 'A01000137',
            amount: 50_000,
            selection: 'arrears',
          },
          { council: 'mps', payment_type: 'license', account_no: 'LO-2026-001001', amount: 90_000 },
          {
            council: 'mps',
            payment_type: 'local_government_charge',
            account_no: 'LO-2026-001001',
            amount: 6_000,
            charge: {
              license_no: 'LO-2026-001001',
              customer_name: 'Kedai Kopi Sandakan',
              total_no_of_people: 20,
              start_date: '2026-05-01',
              end_date: '2026-05-03',
            },
          },
          { council: 'mps', payment_type: 'compound', account_no: 'KP01-001001', amount: 10_000 },
        ],
        payer: {
          full_name: 'Tan Mei Ling',
          email: 'mei.ling@example.com',
          phone: '0123456789',
          id_type: 'new_id',
          id_no: '900101125678',
        },
        payment_id: '6',
        lang: 'ms',
      },
    ]);
    expect(bodiesSentTo(fetch, '/api/payments/handover')).toEqual([
      { reference: 'A10-20261122-000123', receipt_token: 'tok-123' },
    ]);
    expect(receiptTokenFor('A10-20261122-000123')).toBe('tok-123');

    const form = posted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe(gateway.action);
    const fields = Object.fromEntries(
      [...form.querySelectorAll('input')].map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual(gateway.fields);
    expect([...form.querySelectorAll('input')].every((input) => input.type === 'hidden')).toBe(
      true,
    );

    const button = screen.getByRole('button', { name: 'Menghantar…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(payerForm()).getByRole('status').textContent).toBe(
      'Membawa anda ke halaman selamat bank…',
    );
  });

  test('when the server says a bill has changed, that bill is marked and the reason given', async () => {
    const fetch = stubApi({
      'POST /api/checkout': () =>
        jsonResponse(
          {
            error: 'cart_changed',
            message: 'the bill changed',
            items: [{ council: 'mps', payment_type: 'compound', account_no: 'KP01-001001' }],
          },
          409,
        ),
    });
    putInCart();
    await openCheckout();
    fillPayer();
    fireEvent.click(payButton());

    const alert = await within(payerForm()).findByRole('alert');
    expect(alert.textContent).toContain(
      'Sebahagian bil dalam troli anda telah berubah. Sila cari semula dan tambah ke troli.',
    );
    expect(within(alert).getByRole('link', { name: 'Kembali ke troli' })).toBeTruthy();
    const marked = summaryLines().filter((line) =>
      within(line).queryByText('Bil ini perlu disemak'),
    );
    expect(marked).toHaveLength(1);
    expect(within(marked[0]!).getByText('KP01-001001')).toBeTruthy();
    // The payer can try again once the cart is put right.
    expect(payButton()).toHaveProperty('disabled', false);
    expect(bodiesSentTo(fetch, '/api/checkout')).toHaveLength(1);
  });

  test('the server’s own check of the payer’s details shows under the fields', async () => {
    stubApi({
      'POST /api/checkout': () =>
        jsonResponse(
          {
            error: 'validation_failed',
            message: 'bad phone',
            fields: { phone: 'phone_invalid' },
          },
          400,
        ),
    });
    putInCart();
    await openCheckout();
    fillPayer();
    fireEvent.click(payButton());
    expect(await screen.findByText('Format nombor telefon tidak sah')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nombor telefon'));
    expect(within(payerForm()).queryByRole('alert')).toBeNull();
  });

  test('an empty cart says no account is selected and leads to the search, with no form', async () => {
    stubApi();
    renderApp(paths.checkout);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Tiada akaun dipilih' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cari bil' }).getAttribute('href')).toBe(
      `#${paths.search}`,
    );
    expect(screen.queryByRole('button', { name: /^Bayar/ })).toBeNull();
    expect(screen.queryByLabelText('Nama penuh')).toBeNull();
  });

  test('logged in, the payer’s name, e-mail, phone and identity come from the profile and stay editable', async () => {
    stubApi();
    putInCart();
    renderApp(paths.checkout, {
      user: { ...userFixture, id_type: 'passport_id', id_no: 'K12345678' },
    });
    expect(await screen.findByLabelText('Nama penuh')).toHaveProperty('value', 'Tan Mei Ling');
    expect(screen.getByLabelText('E-mel')).toHaveProperty('value', 'mei.ling@example.com');
    expect(screen.getByLabelText('Nombor telefon')).toHaveProperty('value', '012-345 6789');
    expect(screen.getByLabelText('Dokumen pengenalan')).toHaveProperty('value', 'passport_id');
    expect(screen.getByLabelText('No. pasport')).toHaveProperty('value', 'K12345678');
    // The name is asked once: the payer is the person who consents.
    expect(screen.getAllByLabelText(/nama/i)).toHaveLength(1);
    type('E-mel', 'other@example.com');
    expect(screen.getByLabelText('E-mel')).toHaveProperty('value', 'other@example.com');
  });

  test('the details are filled when the session answers after the form is shown', async () => {
    stubApi({
      'GET /api/auth/session': () => jsonResponse({ user: userFixture, csrf_token: 'tok-1' }),
    });
    putInCart();
    renderApp(paths.checkout, { user: 'ask' });
    await waitFor(() =>
      expect(screen.getByLabelText('Nama penuh')).toHaveProperty('value', 'Tan Mei Ling'),
    );
  });

  test('when someone else is paying a bill, the payer is told until when it is held', async () => {
    stubApi({
      'POST /api/checkout': () =>
        jsonResponse(
          {
            error: 'payment_in_progress',
            message: 'in progress',
            items: [
              {
                council: 'mps',
                payment_type: 'compound',
                account_no: 'KP01-001001',
                release_at: '2026-11-22T06:35:00Z',
              },
            ],
          },
          409,
        ),
    });
    putInCart();
    await openCheckout();
    fillPayer();
    fireEvent.click(payButton());
    expect(await screen.findByText('Pembayaran bagi akaun ini sedang diproses')).toBeTruthy();
    expect(
      screen.getByText(
        /Jika pembayaran itu tidak diselesaikan, bil ini boleh dibayar semula selepas 22 November 2026/,
      ),
    ).toBeTruthy();
  });

  test('what the payer typed is still there when they come back to the form', async () => {
    stubApi();
    putInCart();
    const first = await openCheckout();
    fillPayer();
    first.unmount();
    await openCheckout();
    expect(screen.getByLabelText('Nama penuh')).toHaveProperty('value', 'Tan Mei Ling');
    expect(screen.getByLabelText('No. MyKad')).toHaveProperty('value', '900101-12-5678');
  });
});

describe('choosing how to pay', () => {
  const created = () =>
    stubApi({
      'POST /api/checkout': () =>
        jsonResponse({
          reference: 'A10-20261122-000125',
          receipt_token: 'tok-125',
          amount: 156_000,
        }),
      'POST /api/payments/handover': () => jsonResponse({ gateway: null }),
    });
  const payerOnly = () => {
    type('Nama penuh', 'Tan Mei Ling');
    type('E-mel', 'mei.ling@example.com');
    type('Nombor telefon', '012-345 6789');
    type('No. MyKad', '900101-12-5678');
  };
  const choose = (name: RegExp | string) => fireEvent.click(screen.getByRole('radio', { name }));

  test('a bank that is down is listed, says so, and cannot be chosen', async () => {
    created();
    putInCart();
    await openCheckout();
    const banks = screen.getByLabelText('Bank anda');
    const agrobank = within(banks).getByRole('option', {
      name: 'Agrobank (tidak tersedia sekarang)',
    });
    expect(agrobank).toHaveProperty('disabled', true);
    expect(within(banks).getByRole('option', { name: 'Maybank2u' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByText(/Bank yang ditanda tidak tersedia/)).toBeTruthy();
  });

  test('a total the chosen e-wallet does not take names its limit and the ways that do, and nothing is sent', async () => {
    const fetch = created();
    putInCart();
    await openCheckout();
    payerOnly();
    choose(/^E-dompet/);
    choose('GrabPay');
    const ways = within(screen.getByRole('group', { name: 'Cara bayaran' }));
    const limit = (await ways.findByRole('alert')).textContent;
    expect(limit).toContain(
      'GrabPay menerima RM 1.00 – RM 1,500.00 bagi satu bayaran, dan jumlah anda ialah RM 1,560.00.',
    );
    // The ways that do take it are named.
    expect(limit).toMatch(
      /Bayar melalui Perbankan dalam talian \(FPX\), Perbankan korporat \(FPX\),? atau Kad kredit atau debit/,
    );
    fireEvent.click(payButton());
    expect(bodiesSentTo(fetch, '/api/checkout')).toEqual([]);

    // Another wallet takes it: the payment goes with that wallet's PaymentId.
    choose("Touch 'n Go eWallet");
    expect(ways.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText(
        'Anda meluluskan bayaran dalam e-dompet anda di halaman selamatnya, bukan di portal ini.',
      ),
    ).toBeTruthy();
    fireEvent.click(payButton());
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/checkout')).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/checkout')[0]).toMatchObject({ payment_id: '538' });
  });

  test("a business account's only bank is chosen for it, and the approver's part is explained", async () => {
    const fetch = created();
    putInCart();
    await openCheckout();
    payerOnly();
    choose(/^Perbankan korporat/);
    expect(screen.getByLabelText('Bank anda')).toHaveProperty('value', '178');
    expect(
      screen.getByText(/Selepas anda menghantarnya di Maybank2E, pelulus syarikat anda/),
    ).toBeTruthy();
    fireEvent.click(payButton());
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/checkout')).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/checkout')[0]).toMatchObject({ payment_id: '178' });
  });

  test('a card needs no bank: the payment goes with the card’s PaymentId', async () => {
    const fetch = created();
    putInCart();
    await openCheckout();
    payerOnly();
    choose(/^Kad kredit atau debit/);
    expect(screen.queryByLabelText('Bank anda')).toBeNull();
    fireEvent.click(payButton());
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/checkout')).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/checkout')[0]).toMatchObject({ payment_id: '2' });
  });

  test('until the ways to pay are known, the page says so and there is nothing to pay by', async () => {
    stubApi({ 'GET /api/checkout/methods': () => new Promise<Response>(() => {}) });
    putInCart();
    renderApp(paths.checkout);
    await screen.findByRole('form', { name: 'Maklumat pembayar' });
    expect(screen.getByText('Memuatkan cara bayaran…').getAttribute('role')).toBe('status');
    expect(payButton()).toHaveProperty('disabled', true);
  });

  test('only the ways to pay the server offers for the cart are shown', async () => {
    created();
    stubApi({
      'GET /api/checkout/methods': () =>
        jsonResponse({
          methods: offeredMethodsFixture.methods.filter((offer) => offer.method !== 'ewallet'),
        }),
    });
    putInCart();
    await openCheckout();
    expect(screen.queryByRole('radio', { name: /^E-dompet/ })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });
});

describe('a payment this payer left open at the bank', () => {
  const openReceipt = {
    ...paidReceipt,
    reference: 'A10-20261122-000200-K3M9QX',
    status: 'in_progress' as const,
    paid_at: null,
    release_at: '2026-11-22T06:35:00Z',
  };
  const credentials = { reference: openReceipt.reference, receipt_token: 'tok-200' };

  test('is offered to continue, under the same reference, instead of a new payment', async () => {
    const posted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted.push(this);
    });
    saveReceiptToken(credentials.reference, credentials.receipt_token);
    const fetch = stubApi({
      'POST /api/receipts/find': () => jsonResponse(openReceipt),
      'POST /api/payments/handover': () =>
        jsonResponse({ status: 'in_progress', gateway, release_at: '2026-11-22T06:55:00Z' }),
    });
    putInCart();
    renderApp(paths.checkout);
    const offer = await screen.findByRole('region', {
      name: 'Anda mempunyai pembayaran yang menunggu di halaman bank',
    });
    expect(within(offer).getByText(/A10-20261122-000200-K3M9QX, RM 1,400.00/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Maklumat pembayar' })).toBeNull();
    fireEvent.click(within(offer).getByRole('button', { name: 'Teruskan pembayaran' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(bodiesSentTo(fetch, '/api/payments/handover')).toEqual([credentials]);
    expect(bodiesSentTo(fetch, '/api/checkout')).toEqual([]);
  });

  test('can be cancelled; the form then comes back, and a failure to reach the bank is explained', async () => {
    saveReceiptToken(credentials.reference, credentials.receipt_token);
    let cancelled = false;
    let gatewayAnswers = false;
    const fetch = stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({ ...openReceipt, status: cancelled ? 'cancelled' : 'in_progress' }),
      'POST /api/payments/cancel': () => {
        if (!gatewayAnswers) {
          return jsonResponse({ error: 'gateway_unavailable', message: 'no answer' }, 503);
        }
        cancelled = true;
        return jsonResponse({ status: 'cancelled' });
      },
    });
    putInCart();
    renderApp(paths.checkout);
    const cancel = await screen.findByRole('button', { name: 'Batalkan pembayaran' });
    fireEvent.click(cancel);
    expect(
      await screen.findByText(
        'Perkhidmatan pembayaran bank tidak menjawab buat masa ini. Tiada apa-apa yang berubah; sila cuba lagi sebentar lagi.',
      ),
    ).toBeTruthy();
    gatewayAnswers = true;
    fireEvent.click(screen.getByRole('button', { name: 'Batalkan pembayaran' }));
    expect(
      await screen.findByText(
        'Pembayaran telah dibatalkan. Anda boleh membayar bil anda semula sekarang.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Maklumat pembayar' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/payments/cancel')).toEqual([credentials, credentials]);
  });
});
