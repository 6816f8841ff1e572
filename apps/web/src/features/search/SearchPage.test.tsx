import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { CART_STORAGE_KEY, cartItemFromBill } from '../cart';
import {
  assessmentBill,
  bodiesSentTo,
  chargeQuote,
  compoundBill,
  licenceBill,
  putInCart,
  settingsFixture,
  stubApi,
} from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';
import { navigate } from '../../lib/hash-location';

async function openSearch(address = '/search?council=mps') {
  const view = renderApp(address);
  await findScreen('Carian Akaun atau Lesen');
  await screen.findByRole('option', { name: 'Majlis Perbandaran Sandakan' }); // councils are in
  return view;
}

function cartInMirror(): Record<string, unknown>[] {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as Record<
    string,
    unknown
  >[];
}

function typeNumber(label: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
}

describe('the search page', () => {
  test('opens on the council of the address and lists only the types that council takes', async () => {
    stubApi();
    await openSearch('/search?council=mdkp');
    const council = screen.getByRole('combobox', { name: 'Pihak berkuasa tempatan (PBT)' });
    await waitFor(() => expect((council as HTMLSelectElement).value).toBe('mdkp'));
    const types = screen.getByRole('combobox', { name: 'Jenis bayaran' });
    expect(
      within(types)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cukai taksiran', 'Lesen dan permit', 'Kompaun']);
  });

  test('each payment type has its own label and hint', async () => {
    stubApi();
    await openSearch();
    const types = await screen.findByRole('combobox', { name: 'Jenis bayaran' });
    const input = screen.getByRole('textbox', { name: 'Nombor taksiran' });
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toContain(
      'A01000137',
    );

    fireEvent.change(types, { target: { value: 'market' } });
    expect(screen.getByRole('textbox', { name: 'Nombor gerai atau akaun' })).toBeTruthy();
    fireEvent.change(types, { target: { value: 'engineer' } });
    expect(screen.getByRole('textbox', { name: 'Nombor pelan' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Jenis pelan (pilihan)' })).toBeTruthy();
    fireEvent.change(types, { target: { value: 'compound' } });
    expect(screen.getByRole('combobox', { name: 'Jenis kompaun (pilihan)' })).toBeTruthy();
  });

  test('a closed council says it is not available', async () => {
    stubApi();
    await openSearch('/search?council=mdptn');
    const notice = screen.getByText('PBT ini tidak tersedia buat masa ini');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Jenis bayaran' })).toBeNull();
  });

  test('a payment type the council does not take says it is not available', async () => {
    stubApi();
    await openSearch('/search?council=mdkp&type=ticket');
    expect(await screen.findByText('Jenis bayaran ini tidak tersedia buat masa ini')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  test('an unknown payment type in the address is said to be invalid', async () => {
    stubApi();
    await openSearch('/search?council=mps&type=parking');
    expect(await screen.findByText('Jenis bayaran tidak sah')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Jenis bayaran' }), {
      target: { value: 'ticket' },
    });
    expect(screen.queryByText('Jenis bayaran tidak sah')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Nombor tiket' })).toBeTruthy();
  });

  test('the hint about premises is given in the reader’s language', async () => {
    stubApi();
    await openSearch();
    expect(
      screen.getByText('Jika terdapat premis, sila cari premis tersebut dengan nombor taksiran.'),
    ).toBeTruthy();
    await act(() => changeLanguage('en'));
    expect(
      await screen.findByText('If there is a premises, search for it with the assessment number.'),
    ).toBeTruthy();
    await act(() => changeLanguage('zh'));
    expect(await screen.findByText('如有房产，请使用门牌税号码查询该房产。')).toBeTruthy();
  });

  test('changing the payment type keeps the number typed', async () => {
    stubApi();
    await openSearch();
    typeNumber('Nombor taksiran', 'KP01-001001');
    fireEvent.change(screen.getByRole('combobox', { name: 'Jenis bayaran' }), {
      target: { value: 'compound' },
    });
    expect(
      (screen.getByRole('textbox', { name: 'Nombor kompaun' }) as HTMLInputElement).value,
    ).toBe('KP01-001001');
  });

  test('searching with no number asks for one under the field, and focuses it', async () => {
    const fetch = stubApi();
    await openSearch();
    fireEvent.click(await screen.findByRole('button', { name: 'Cari' }));
    const input = screen.getByRole('textbox', { name: 'Nombor taksiran' });
    // Checked as the form is sent, which takes a turn of the event loop.
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const [errorId] = input.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(errorId!)?.textContent).toBe('Nombor taksiran diperlukan.');
    expect(document.activeElement).toBe(input);
    expect(bodiesSentTo(fetch, '/api/search')).toEqual([]);
  });

  test('a licence found shows its details and amount in ringgit, and focus moves to it', async () => {
    const fetch = stubApi({ 'POST /api/search': () => jsonResponse(licenceBill) });
    await openSearch('/search?council=mps&type=license');
    typeNumber('Nombor lesen', '  LO-2026-001001 ');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'LO-2026-001001' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const card = heading.closest('article')!;
    expect(within(card).getByTestId('amount-due').textContent).toBe('RM 900.00');
    expect(card.textContent).toContain('Majlis Perbandaran Sandakan');
    expect(card.textContent).toContain('Tan *******');
    expect(card.textContent).toContain('Lesen operasi');
    expect(card.textContent).toContain('RM 75.00');
    expect(card.textContent).toContain('Tarikh tamat31 Disember 2026');
    expect(card.textContent).toContain('Aktif');
    expect(
      screen
        .getAllByRole('status')
        .some(
          (region) =>
            region.textContent ===
            'Dijumpai: Lesen dan permit LO-2026-001001, RM 900.00 perlu dibayar.',
        ),
    ).toBe(true);
    expect(bodiesSentTo(fetch, '/api/search')).toEqual([
      { council: 'mps', payment_type: 'license', query: 'LO-2026-001001' },
    ]);
  });

  test('a result found for one payment type is not shown once the address moves to another', async () => {
    stubApi({ 'POST /api/search': () => jsonResponse(licenceBill) });
    await openSearch('/search?council=mps&type=license');
    typeNumber('Nombor lesen', 'LO-2026-001001');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'LO-2026-001001' });

    await act(() => navigate('/search?council=mps&type=local_government_charge'));
    expect(await screen.findByRole('button', { name: 'Kira caj' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  test('Not Found! is said in the result area with what to check, until the next search', async () => {
    let answer = () => jsonResponse({ error: 'not_found', message: 'no bill' }, 404);
    stubApi({ 'POST /api/search': () => answer() });
    await openSearch();
    typeNumber('Nombor taksiran', 'A99');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    const alert = (await screen.findByText('Tidak Dijumpai!')).closest('[role="alert"]')!;
    expect(alert.closest('section')?.getAttribute('aria-labelledby')).toBe('search-result-title');
    expect(alert.textContent).toContain(
      'Semak PBT (Majlis Perbandaran Sandakan), jenis bayaran (Cukai taksiran) dan nombor seperti yang tercetak pada bil anda, kemudian cari semula.',
    );
    // Said once, in the result area: not again in a snackbar that outlives it.
    expect(screen.getAllByText('Tidak Dijumpai!')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombor taksiran' }));

    answer = () => jsonResponse(assessmentBill);
    typeNumber('Nombor taksiran', 'A01000137');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'A01000137' });
    expect(screen.queryByText('Tidak Dijumpai!')).toBeNull();
  });

  test('a failure told in the snackbar goes once the next search starts', async () => {
    let answer = () => jsonResponse({ error: 'internal_error', message: 'down' }, 500);
    stubApi({ 'POST /api/search': () => answer() });
    await openSearch();
    typeNumber('Nombor taksiran', 'A01000137');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    const failure = 'Berlaku ralat pada sistem kami. Sila cuba lagi kemudian.';
    expect(await screen.findByText(failure)).toBeTruthy();

    answer = () => jsonResponse(assessmentBill);
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'A01000137' });
    expect(screen.queryByText(failure)).toBeNull();
  });

  describe('a bill past its due date', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    test('says it is overdue, with its due date, in the result and in the cart', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T04:00:00Z'));
      stubApi({ 'POST /api/search': () => jsonResponse(compoundBill) });
      await openSearch('/search?council=mps&type=compound');
      typeNumber('Nombor kompaun', 'KP01-001001');
      fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
      const card = (await screen.findByRole('heading', { level: 3, name: 'KP01-001001' })).closest(
        'article',
      )!;
      const overdue = 'Lewat bayar: tarikh akhir bayaran ialah 31 Mac 2026.';
      expect(within(card).getByText(overdue)).toBeTruthy();

      fireEvent.click(within(card).getByRole('button', { name: 'Tambah ke troli' }));
      fireEvent.click(await within(card).findByRole('link', { name: 'Lihat troli' }));
      expect(await findScreen('Troli')).toBeTruthy();
      expect(await screen.findByText(overdue)).toBeTruthy();
    });

    test('is not overdue on its due date', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-31T15:00:00Z')); // 11 pm in Sabah
      stubApi({ 'POST /api/search': () => jsonResponse(compoundBill) });
      await openSearch('/search?council=mps&type=compound');
      typeNumber('Nombor kompaun', 'KP01-001001');
      fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
      await screen.findByRole('heading', { level: 3, name: 'KP01-001001' });
      expect(screen.queryByText(/Lewat bayar/)).toBeNull();
    });
  });

  test('a payment already in progress is said in the result area, with when the bill is free again', async () => {
    const heldBill = { council: 'mps', payment_type: 'assessment', account_no: 'A01000274' };
    stubApi({
      'POST /api/search': () =>
        jsonResponse(
          {
            error: 'payment_in_progress',
            message: 'in progress',
            items: [{ ...heldBill, release_at: '2026-11-22T07:05:00Z' }],
          },
          409,
        ),
    });
    await openSearch();
    typeNumber('Nombor taksiran', 'A01000274');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    const message = await screen.findByText('Pembayaran bagi akaun ini sedang diproses');
    const alert = message.closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert!.textContent).toContain(
      'Bil ini sedang dibayar oleh pihak lain. Jika pembayaran itu tidak diselesaikan, bil ini boleh dibayar semula selepas 22 November 2026 pada 3:05 PTG.',
    );
  });

  test('the server’s field errors show under the fields', async () => {
    stubApi({
      'POST /api/search': () =>
        jsonResponse(
          { error: 'validation_failed', message: 'bad', fields: { query: 'account_no_invalid' } },
          400,
        ),
    });
    await openSearch();
    typeNumber('Nombor taksiran', '---');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText('No. Akaun / No. Lesen tidak sah')).toBeTruthy();
  });

  test('a compound search sends the chosen compound type', async () => {
    const fetch = stubApi({ 'POST /api/search': () => jsonResponse(compoundBill) });
    await openSearch('/search?council=mps&type=compound');
    fireEvent.change(screen.getByRole('combobox', { name: 'Jenis kompaun (pilihan)' }), {
      target: { value: 'individual' },
    });
    typeNumber('Nombor kompaun', 'KP01-001001');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'KP01-001001' });
    expect(bodiesSentTo(fetch, '/api/search')).toEqual([
      {
        council: 'mps',
        payment_type: 'compound',
        query: 'KP01-001001',
        compound_type: 'individual',
      },
    ]);
  });
});

describe('an assessment found', () => {
  async function findAssessment() {
    stubApi({ 'POST /api/search': () => jsonResponse(assessmentBill) });
    await openSearch();
    typeNumber('Nombor taksiran', 'A01000137');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'A01000137' });
    return screen.getByRole('group', { name: 'Berapakah amaun yang ingin anda bayar?' });
  }

  test('offers the three selections with their amounts and paid-until, full payment chosen', async () => {
    const options = await findAssessment();
    const radios = within(options).getAllByRole('radio') as HTMLInputElement[];
    // Amounts inside a sentence keep RM and the figure together with a no-break space.
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Bayaran sebahagian dengan diskaun khas minimumDibayar hingga Suku ke-4 2026RM\u00a010.00 hingga RM\u00a01,580.00',
      'Tunggakan tahun-tahun lepas dengan diskaun khasDibayar hingga Suku ke-4 2025RM 500.00',
      'Bayaran penuh dengan diskaun khas penuhDibayar hingga Suku ke-4 2026Diskaun RM\u00a0120.00RM 1,580.00',
    ]);
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true]);
  });

  test('a partial amount is never below the minimum nor above the full payment', async () => {
    const options = await findAssessment();
    fireEvent.click(within(options).getByRole('radio', { name: /Bayaran sebahagian/ }));
    const amount = screen.getByRole('textbox', { name: 'Amaun yang dibayar (RM)' });
    const add = screen.getByRole('button', { name: 'Tambah ke troli' });

    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.click(add);
    expect(await screen.findByText('Amaun tidak boleh kurang daripada RM 10.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);

    fireEvent.change(amount, { target: { value: '1,580.01' } });
    fireEvent.click(add);
    expect(
      await screen.findByText('Amaun tidak boleh melebihi RM 1,580.00, iaitu amaun bayaran penuh'),
    ).toBeTruthy();

    fireEvent.change(amount, { target: { value: 'sepuluh' } });
    fireEvent.click(add);
    expect(await screen.findByText('Masukkan amaun dalam ringgit, contohnya 150.00')).toBeTruthy();
    expect(cartInMirror()).toEqual([]);
  });

  test('a valid partial amount goes into the cart with its selection, its discount shown, paid until the assessed year', async () => {
    const options = await findAssessment();
    fireEvent.click(within(options).getByRole('radio', { name: /Bayaran sebahagian/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Amaun yang dibayar (RM)' }), {
      target: { value: '800' },
    });
    // Half the RM 120.00 special discount, for RM 800.00 of the RM 1,580.00 full payment.
    expect(
      screen.getByText('Diskaun khas minimum RM 30.37: akaun anda dikreditkan RM 830.37.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ke troli' }));

    expect(await screen.findByText('A01000137 telah ditambah ke troli anda')).toBeTruthy();
    expect(cartInMirror()).toEqual([
      expect.objectContaining({
        council: 'mps',
        payment_type: 'assessment',
        account_no: 'A01000137',
        amount: 80_000,
        selection: 'partial',
        paid_until: '2026/4',
      }),
    ]);
    expect(screen.getByRole('link', { name: 'Troli, 1 item' })).toBeTruthy();
  });

  test('once added, the result says it is in the cart, and leads there', async () => {
    await findAssessment();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ke troli' }));
    await screen.findByText('A01000137 telah ditambah ke troli anda');
    expect(cartInMirror()).toEqual([
      expect.objectContaining({ amount: 158_000, selection: 'full' }),
    ]);

    const card = screen.getByRole('heading', { level: 3, name: 'A01000137' }).closest('article')!;
    expect(within(card).getByText('Dalam troli anda').closest('[role="status"]')).not.toBeNull();
    expect(within(card).queryByRole('button', { name: 'Tambah ke troli' })).toBeNull();
    const toCart = within(card).getByRole('link', { name: 'Lihat troli' });
    expect(document.activeElement).toBe(toCart);
    expect(cartInMirror()).toHaveLength(1);
  });

  test('found again while in the cart, it says so at once', async () => {
    putInCart([cartItemFromBill(assessmentBill)]);
    const options = await findAssessment();
    const card = options.closest('article')!;
    expect(within(card).getByText('Dalam troli anda')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Tambah ke troli' })).toBeNull();
  });
});

describe('the cart limit', () => {
  test('comes from the server’s settings', async () => {
    stubApi({
      'GET /api/settings': () => jsonResponse({ ...settingsFixture, cart_limit: 1 }),
      'POST /api/search': (body) =>
        jsonResponse(
          (body as { payment_type: string }).payment_type === 'license'
            ? licenceBill
            : compoundBill,
        ),
    });
    await openSearch('/search?council=mps&type=license');
    typeNumber('Nombor lesen', 'LO-2026-001001');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'LO-2026-001001' });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ke troli' }));
    await screen.findByText('LO-2026-001001 telah ditambah ke troli anda');

    fireEvent.change(screen.getByRole('combobox', { name: 'Jenis bayaran' }), {
      target: { value: 'compound' },
    });
    typeNumber('Nombor kompaun', 'KP01-001001');
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { level: 3, name: 'KP01-001001' });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ke troli' }));
    expect(await screen.findByText('Maaf, troli anda sudah penuh')).toBeTruthy();
    expect(cartInMirror()).toHaveLength(1);
  });
});

describe('the local government charge', () => {
  function fill(label: string, value: string) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }

  /** Asks for a charge for this licence, which the server refuses with `error`. */
  async function quoteRefused(error: string, status: number, licence: string) {
    stubApi({
      'POST /api/local-charges/quote': () => jsonResponse({ error, message: error }, status),
    });
    await openSearch('/search?council=mps&type=local_government_charge');
    fill('Nombor lesen', licence);
    fill('Nama pelanggan', 'Kedai');
    fill('Bilangan orang', '2');
    fill('Tarikh mula', '2026-05-01');
    fill('Tarikh tamat', '2026-05-02');
    fireEvent.click(screen.getByRole('button', { name: 'Kira caj' }));
  }

  test('is checked on the page before it is sent', async () => {
    const fetch = stubApi();
    await openSearch('/search?council=mps&type=local_government_charge');
    fill('Nombor lesen', 'LO-2026-001001');
    fill('Bilangan orang', '0');
    fill('Tarikh mula', '2026-05-04');
    fill('Tarikh tamat', '2026-05-01');
    fireEvent.click(screen.getByRole('button', { name: 'Kira caj' }));

    const customer = screen.getByLabelText('Nama pelanggan');
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Sila masukkan nombor yang melebihi 0')).toBeTruthy();

    // The dates' order is judged once every field is valid (the domain schema's refinement).
    fill('Nama pelanggan', 'Kedai Kopi Sandakan');
    fill('Bilangan orang', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Kira caj' }));
    expect(
      await screen.findByText('Tarikh tamat tidak boleh lebih awal daripada tarikh mula'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Tarikh tamat'));
    expect(bodiesSentTo(fetch, '/api/local-charges/quote')).toEqual([]);
  });

  test('is quoted by the server as people × days × rate and goes into the cart linked to its licence', async () => {
    const fetch = stubApi({ 'POST /api/local-charges/quote': () => jsonResponse(chargeQuote) });
    await openSearch('/search?council=mps&type=local_government_charge');
    // The payer's name, e-mail and phone are asked once, at checkout, not to see a price.
    for (const asked of ['Nama penuh', 'E-mel', 'Nombor telefon']) {
      expect(screen.queryByLabelText(asked)).toBeNull();
    }
    fill('Nombor lesen', 'LO-2026-001001');
    fill('Nama pelanggan', 'Kedai Kopi Sandakan');
    fill('Bilangan orang', '20');
    fill('Tarikh mula', '2026-05-01');
    fill('Tarikh tamat', '2026-05-03');
    fireEvent.click(screen.getByRole('button', { name: 'Kira caj' }));

    const heading = await screen.findByRole('heading', { level: 3, name: 'LO-2026-001001' });
    const card = heading.closest('article')!;
    expect(within(card).getByTestId('charge-formula').textContent).toBe(
      '20 × 3 × RM 1.00 = RM 60.00',
    );
    expect(within(card).getByTestId('amount-due').textContent).toBe('RM 60.00');
    expect(bodiesSentTo(fetch, '/api/local-charges/quote')).toEqual([
      {
        council: 'mps',
        license_no: 'LO-2026-001001',
        customer_name: 'Kedai Kopi Sandakan',
        total_no_of_people: 20,
        start_date: '2026-05-01',
        end_date: '2026-05-03',
      },
    ]);

    fireEvent.click(within(card).getByRole('button', { name: 'Tambah ke troli' }));
    await screen.findByText('LO-2026-001001 telah ditambah ke troli anda');
    expect(cartInMirror()).toEqual([
      expect.objectContaining({
        payment_type: 'local_government_charge',
        license_no: 'LO-2026-001001',
        amount: 6_000,
      }),
    ]);
  });

  test('a licence not found is said in the result area, with what to check', async () => {
    await quoteRefused('not_found', 404, 'LO-2026-999999');
    const alert = (await screen.findByText('Tidak Dijumpai!')).closest('[role="alert"]')!;
    expect(alert.textContent).toContain(
      'Semak PBT (Majlis Perbandaran Sandakan) dan nombor lesen seperti yang tercetak pada lesen, kemudian kira semula.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Nombor lesen'));
  });

  test('a licence whose status does not allow payment is said in the result area', async () => {
    await quoteRefused('license_status_not_allowed', 409, 'LP-2026-001005');
    expect(
      await screen.findByText(
        'Status lesen ini tidak dibenarkan untuk diteruskan. Sila semak dengan jabatan pelesenan.',
      ),
    ).toBeTruthy();
  });
});

describe('a link to one bill', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('opens the bill found and ready to add, searched once, as a council prints it on paper', async () => {
    const fetch = stubApi({ 'POST /api/search': () => jsonResponse(compoundBill) });
    await openSearch('/search?council=mps&type=compound&account=KP01-001001');
    const result = await screen.findByRole('article');
    expect(within(result).getByRole('heading', { level: 3 }).textContent).toBe('KP01-001001');
    expect(within(result).getByRole('button', { name: 'Tambah ke troli' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/search')).toEqual([
      { council: 'mps', payment_type: 'compound', query: 'KP01-001001' },
    ]);
  });

  test("a found bill's link names its council, type and number, never whose it is", async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    });
    stubApi({ 'POST /api/search': () => jsonResponse(compoundBill) });
    await openSearch('/search?council=mps&type=compound');
    typeNumber('Nombor kompaun', 'KP01-001001');
    fireEvent.submit(screen.getByRole('textbox', { name: 'Nombor kompaun' }).closest('form')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Salin pautan ke bil ini' }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied[0]).toBe(
      `${window.location.origin}/#/search?council=mps&type=compound&account=KP01-001001`,
    );
    expect(copied[0]).not.toContain('Wong');
    expect(await screen.findByText(/Pautan disalin/)).toBeTruthy();
  });
});
