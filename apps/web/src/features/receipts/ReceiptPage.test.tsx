import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { paths, receiptPath } from '@portal/domain/web-paths';
import { saveReceiptToken } from '../../shared/receipt-tokens';
import { bodiesSentTo, paidReceipt, stubApi, userFixture } from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';
import { errorReadWith } from '../../test/field-errors';

const reference = paidReceipt.reference;

/** The guest's look-up form, whose code arrives after the page's. */
function lookupForm() {
  return screen.findByRole('region', { name: 'Cari resit anda' });
}

describe('the receipt page', () => {
  test('guests find their receipt with the reference and their e-mail, checked before it is sent', async () => {
    const fetch = stubApi({
      'POST /api/receipts/find': (body) =>
        (body as { email: string }).email === 'mei.ling@example.com'
          ? jsonResponse(paidReceipt)
          : jsonResponse({ error: 'not_found', message: 'no such receipt' }, 404),
    });
    renderApp(paths.receipt);
    await findScreen('Resit');
    const form = await lookupForm();

    fireEvent.change(within(form).getByLabelText('E-mel pembayar'), {
      target: { value: 'mei.ling' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cari resit' }));
    const referenceField = within(form).getByLabelText('Nombor rujukan');
    await waitFor(() => expect(errorReadWith(referenceField)).toBe('Nombor rujukan diperlukan.'));
    expect(errorReadWith(within(form).getByLabelText('E-mel pembayar'))).toBe(
      'Format e-mel tidak sah',
    );
    expect(document.activeElement).toBe(within(form).getByLabelText('Nombor rujukan'));
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Nombor rujukan'), {
      target: { value: ' a10-20261122-000123 ' },
    });
    fireEvent.change(within(form).getByLabelText('E-mel pembayar'), {
      target: { value: 'someone@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cari resit' }));
    expect(
      await within(form).findByText(
        'Tiada bayaran yang sepadan dengan nombor rujukan dan e-mel ini.',
      ),
    ).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('E-mel pembayar'), {
      target: { value: 'Mei.Ling@Example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cari resit' }));
    expect(await screen.findByRole('heading', { name: 'Resit Rasmi' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([
      { reference, email: 'someone@example.com' },
      { reference, email: 'mei.ling@example.com' },
    ]);
  });

  test('with the token kept at checkout the receipt opens at once, with every detail', async () => {
    saveReceiptToken(reference, 'tok-123');
    const fetch = stubApi({ 'POST /api/receipts/find': () => jsonResponse(paidReceipt) });
    renderApp(receiptPath(reference));
    const sheet = await screen.findByRole('article', { name: 'Resit Rasmi' });
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([
      { reference, receipt_token: 'tok-123' },
    ]);

    const sheetView = within(sheet);
    // Named once at the top, and on each of its lines.
    expect(sheetView.getAllByText('Majlis Perbandaran Sandakan')).toHaveLength(3);
    expect(sheetView.getByText(reference)).toBeTruthy();
    expect(sheetView.getByText('22 November 2026 pada 2:12 PTG')).toBeTruthy();
    expect(sheetView.getByText('Tan Mei Ling')).toBeTruthy();
    expect(sheetView.getByText('Kad kredit atau debit')).toBeTruthy();
    expect(sheetView.getByText('Visa')).toBeTruthy();
    expect(sheetView.getByText('4111 11•• •••• 1111')).toBeTruthy();
    expect(sheetView.getByText('MayBank')).toBeTruthy();
    expect(sheetView.getByText('A12345')).toBeTruthy();
    expect(sheetView.queryByText('BELUM DIBAYAR')).toBeNull();

    const table = sheetView.getByRole('table', { name: 'Butiran bayaran' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4); // heads, two lines, total
    expect(within(rows[1]!).getByText('A01000137')).toBeTruthy();
    expect(within(rows[1]!).getByText('Suku ke-4 2025')).toBeTruthy();
    expect(within(rows[1]!).getByText('RM 500.00')).toBeTruthy();
    expect(within(rows[2]!).getByText('LO-2026-001001')).toBeTruthy();
    expect(screen.getByTestId('receipt-total').textContent).toBe('RM 1,400.00');
    expect(
      sheetView.getByRole('link', { name: 'Semak kesahihan resit ini' }).getAttribute('href'),
    ).toBe(paidReceipt.check_url);
  });

  test('a payment by online banking names its method and bank, and no card', async () => {
    saveReceiptToken(reference, 'tok-123');
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({
          ...paidReceipt,
          method: 'online_banking',
          channel: 'Maybank2u',
          card: {
            brand: null,
            masked_number: null,
            bank: null,
            auth_code: 'FPX8812',
            trans_id: 'T000124',
          },
        }),
    });
    renderApp(receiptPath(reference));
    const sheet = await screen.findByRole('article', { name: 'Resit Rasmi' });
    const method = within(sheet).getByRole('region', { name: 'Cara bayaran' });
    expect(within(method).getByText('Perbankan dalam talian (FPX)')).toBeTruthy();
    expect(within(method).getByText('Bank atau e-dompet').nextSibling?.textContent).toBe(
      'Maybank2u',
    );
    expect(within(method).getByText('Kod kelulusan').nextSibling?.textContent).toBe('FPX8812');
    expect(within(sheet).queryByText(/kad/i)).toBeNull();
    expect(within(sheet).queryByText(/•/)).toBeNull();
  });

  test('a bank payment confirmed by the requery alone says so without card wording', async () => {
    saveReceiptToken(reference, 'tok-123');
    const noCard = {
      brand: null,
      masked_number: null,
      bank: null,
      auth_code: null,
      trans_id: null,
    };
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({ ...paidReceipt, method: 'ewallet', channel: 'GrabPay', card: noCard }),
    });
    renderApp(receiptPath(reference));
    const sheet = await screen.findByRole('article', { name: 'Resit Rasmi' });
    expect(within(sheet).getByText('E-dompet')).toBeTruthy();
    expect(within(sheet).getByText('GrabPay')).toBeTruthy();
    expect(
      within(sheet).getByText(
        'Gateway telah mengesahkan pembayaran ini; kod kelulusan dan nombor transaksinya ditambah apabila notis gateway sendiri tiba.',
      ),
    ).toBeTruthy();
    expect(within(sheet).queryByText(/kad/i)).toBeNull();
  });

  test('a card payment confirmed by the requery alone says its card is named later', async () => {
    saveReceiptToken(reference, 'tok-123');
    const noCard = {
      brand: null,
      masked_number: null,
      bank: null,
      auth_code: null,
      trans_id: null,
    };
    stubApi({ 'POST /api/receipts/find': () => jsonResponse({ ...paidReceipt, card: noCard }) });
    renderApp(receiptPath(reference));
    const sheet = await screen.findByRole('article', { name: 'Resit Rasmi' });
    expect(within(sheet).getByText('Kad kredit atau debit')).toBeTruthy();
    expect(within(sheet).getByText(/butiran kad dan nombor transaksinya/)).toBeTruthy();
  });

  test('a payment that did not go through is marked not paid', async () => {
    saveReceiptToken(reference, 'tok-123');
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({ ...paidReceipt, status: 'failed', paid_at: null }),
    });
    renderApp(receiptPath(reference));
    const sheet = await screen.findByRole('article', { name: 'Resit Rasmi' });
    expect(within(sheet).getByText('BELUM DIBAYAR')).toBeTruthy();
    expect(
      within(sheet).getByText('Status bayaran ini ialah Gagal, jadi ini bukan resit bayaran.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(sheet.getAttribute('data-stamp')).toBe('BELUM DIBAYAR');
  });

  test('Print opens the browser’s print dialog and Download PDF saves receipt-<reference>.pdf', async () => {
    saveReceiptToken(reference, 'tok-123');
    const fetch = stubApi({
      'POST /api/receipts/find': () => jsonResponse(paidReceipt),
      'POST /api/receipts/pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const createObjectURL = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });

    renderApp(receiptPath(reference));
    fireEvent.click(await screen.findByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: 'Muat turun PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:receipt', download: `receipt-${reference}.pdf` });
    expect(bodiesSentTo(fetch, '/api/receipts/pdf')).toEqual([
      { reference, receipt_token: 'tok-123' },
    ]);
  });

  test('a stored token the server no longer knows falls back to the guest form', async () => {
    saveReceiptToken(reference, 'tok-old');
    stubApi({
      'POST /api/receipts/find': () => jsonResponse({ error: 'not_found', message: 'no' }, 404),
    });
    renderApp(receiptPath(reference));
    const form = await lookupForm();
    expect(within(form).getByLabelText('Nombor rujukan')).toHaveProperty('value', reference);
  });

  test('a logged-in payer opens their own receipt from the history with the reference alone', async () => {
    const fetch = stubApi({
      'POST /api/receipts/find': () => jsonResponse(paidReceipt),
      'POST /api/receipts/pdf': () => new Response('%PDF-1.7'),
    });
    renderApp(receiptPath(reference), { user: userFixture });
    expect(await screen.findByRole('article', { name: 'Resit Rasmi' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([{ reference }]);
    expect(screen.queryByRole('region', { name: 'Cari resit anda' })).toBeNull();
  });

  test('a payment that is not the logged-in user’s falls back to the guest form', async () => {
    stubApi({
      'POST /api/receipts/find': () => jsonResponse({ error: 'not_found', message: 'no' }, 404),
    });
    renderApp(receiptPath(reference), { user: userFixture });
    expect(await lookupForm()).toBeTruthy();
  });

  test('while the session is being asked for, the guest form waits', async () => {
    let answerSession: (response: Response) => void = () => undefined;
    const fetch = stubApi({
      'GET /api/auth/session': () =>
        new Promise<Response>((resolve) => {
          answerSession = resolve;
        }),
      'POST /api/receipts/find': () => jsonResponse(paidReceipt),
    });
    renderApp(receiptPath(reference), { user: 'ask' });
    expect(await screen.findByText('Memuatkan resit…')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cari resit anda' })).toBeNull();
    answerSession(jsonResponse({ user: userFixture, csrf_token: 'tok-1' }));
    expect(await screen.findByRole('article', { name: 'Resit Rasmi' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([{ reference }]);
  });
});
