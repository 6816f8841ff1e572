import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { describe, expect, test, vi } from 'vitest';
import { CART_STORAGE_KEY, cartItemFromBill } from '../cart';
import { confirmationPath, paths, receiptPath } from '@portal/domain/web-paths';
import { saveReceiptToken } from '../../shared/receipt-tokens';
import {
  assessmentBill,
  bodiesSentTo,
  compoundBill,
  licenceBill,
  paidReceipt,
  putInCart,
  stubApi,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import { CLEARED_PAYMENTS_KEY } from './paid-items';

const reference = paidReceipt.reference;
const inProgress: Receipt = { ...paidReceipt, status: 'in_progress', paid_at: null };

/** The two bills paidReceipt pays, and a compound it does not. */
function putPaidBillsInCart() {
  putInCart([
    cartItemFromBill(assessmentBill, { selection: 'arrears', amount: 50_000, paidUntil: '2025/4' }),
    cartItemFromBill(licenceBill),
    cartItemFromBill(compoundBill),
  ]);
}

function cartAccounts(): string[] {
  const items = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as {
    account_no: string;
  }[];
  return items.map((item) => item.account_no);
}

/** Answers each call with the next receipt of the list, the last one from then on. */
function answering(...receipts: Receipt[]) {
  let call = 0;
  return () => jsonResponse(receipts[Math.min(call++, receipts.length - 1)]);
}

describe('the confirmation page', () => {
  test('shows the payment being processed until it is accepted, then takes the paid bills out of the cart', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveReceiptToken(reference, 'tok-123');
    putPaidBillsInCart();
    const fetch = stubApi({
      'POST /api/receipts/find': answering(inProgress, inProgress, paidReceipt),
    });
    renderApp(confirmationPath(reference));

    expect(
      await screen.findByRole('heading', { name: 'Bayaran terkini anda sedang diproses' }),
    ).toBeTruthy();
    expect(screen.getByText(reference)).toBeTruthy();
    expect(screen.getByTestId('confirmation-total').textContent).toBe('RM 1,400.00');
    expect(cartAccounts()).toHaveLength(3);
    // Pending says pending: nothing reads as paid yet.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Resit telah dihantar/)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toHaveLength(2);
    expect(
      screen.getByRole('heading', { name: 'Bayaran terkini anda sedang diproses' }),
    ).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    // Said plainly, with what was paid and where the receipt went: not as if it were pending.
    expect(await screen.findByRole('heading', { name: 'Bayaran berjaya' })).toBeTruthy();
    expect(screen.getByText('Resit telah dihantar ke mei.ling@example.com.')).toBeTruthy();
    const paid = screen.getByRole('table', { name: 'Butiran bayaran' });
    expect(
      within(paid)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PBTJenis bayaranNombor akaunDibayar hinggaAmaun',
      'Majlis Perbandaran SandakanCukai taksiranCukai taksiran SandakanDiskaun: RM 50.00A01000137Suku ke-4 2025RM 500.00',
      'Majlis Perbandaran SandakanLesen dan permitKedai Kopi SandakanLO-2026-001001—RM 900.00',
      'JumlahRM 1,400.00',
    ]);
    expect(screen.getByText('22 November 2026 pada 2:12 PTG')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lihat resit' }).getAttribute('href')).toBe(
      `#${receiptPath(reference)}`,
    );
    await waitFor(() => expect(cartAccounts()).toEqual(['KP01-001001']));
    expect(screen.getByRole('link', { name: 'Troli, 1 item' })).toBeTruthy();

    // Final: no more asking. Every call carried the token kept at checkout.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    const bodies = bodiesSentTo(fetch, '/api/receipts/find');
    expect(bodies).toHaveLength(3);
    expect(
      bodies.every(
        (body) => JSON.stringify(body) === JSON.stringify({ reference, receipt_token: 'tok-123' }),
      ),
    ).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(CLEARED_PAYMENTS_KEY)!)).toEqual([reference]);
  });

  test('a corporate payment waiting for its approver says so, offers nothing to press, and shows the receipt once approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveReceiptToken(reference, 'tok-123');
    putPaidBillsInCart();
    const noCard = {
      brand: null,
      masked_number: null,
      bank: null,
      auth_code: null,
      trans_id: null,
    };
    const pending: Receipt = {
      ...inProgress,
      status: 'pending',
      method: 'corporate_banking',
      channel: 'Maybank2E',
      card: noCard,
      release_at: '2026-11-23T06:12:00Z',
    };
    const approved: Receipt = {
      ...paidReceipt,
      method: 'corporate_banking',
      channel: 'Maybank2E',
      card: { ...noCard, auth_code: 'FPX0042', trans_id: 'T000123' },
    };
    stubApi({ 'POST /api/receipts/find': answering(pending, pending, approved) });
    renderApp(confirmationPath(reference));

    const heading = await screen.findByRole('heading', { name: 'Menunggu kelulusan bank anda' });
    const card = heading.closest('section')!;
    expect(
      within(card).getByText(
        'Maybank2E telah menerima bayaran ini dan sedang menunggu pelulus syarikat anda meluluskannya. Bil anda disimpan untuk anda sehingga 23 November 2026 pada 2:12 PTG.',
      ),
    ).toBeTruthy();
    expect(
      within(card).getByText(/kami akan menghantar resit ke mei\.ling@example\.com/),
    ).toBeTruthy();
    expect(within(card).getByText(/Anda boleh menutup halaman ini\./)).toBeTruthy();
    expect(within(card).getByText('Perbankan korporat (FPX) · Maybank2E')).toBeTruthy();
    // Neither cancelled nor paid again while the bank decides: nothing to press, nothing to retry.
    expect(within(card).queryAllByRole('link')).toEqual([]);
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('Kembali ke troli untuk cuba lagi')).toBeNull();
    expect(cartAccounts()).toHaveLength(3);

    // The bank may take hours: it is asked every 10 s, not every 2 s as at the gateway's page.
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('heading', { name: 'Menunggu kelulusan bank anda' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(await screen.findByRole('heading', { name: 'Bayaran berjaya' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lihat resit' })).toBeTruthy();
  });

  test('a payment waiting for a personal account’s bank says the bank has not confirmed it yet', async () => {
    saveReceiptToken(reference, 'tok-123');
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({
          ...inProgress,
          status: 'pending',
          method: 'online_banking',
          channel: 'CIMB Clicks',
          release_at: '2026-11-22T06:35:00Z',
        }),
    });
    renderApp(confirmationPath(reference));
    expect(
      await screen.findByRole('heading', { name: 'Menunggu kelulusan bank anda' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Bank anda belum mengesahkan bayaran ini. Bil anda disimpan untuk anda sehingga 22 November 2026 pada 2:35 PTG. Sila jangan bayar sekali lagi.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/pelulus syarikat/)).toBeNull();
  });

  test('opened again later, an accepted payment leaves a bill added since in the cart', async () => {
    saveReceiptToken(reference, 'tok-123');
    window.localStorage.setItem(CLEARED_PAYMENTS_KEY, JSON.stringify([reference]));
    putPaidBillsInCart();
    stubApi({ 'POST /api/receipts/find': () => jsonResponse(paidReceipt) });
    renderApp(confirmationPath(reference));
    expect(await screen.findByRole('link', { name: 'Lihat resit' })).toBeTruthy();
    expect(cartAccounts()).toHaveLength(3);
  });

  test('a failed payment gives the bank’s reason, in the reader’s language, and leads back to the cart to try again', async () => {
    saveReceiptToken(reference, 'tok-123');
    putPaidBillsInCart();
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({ ...inProgress, status: 'failed', failure_reason: 'Insufficient funds' }),
    });
    renderApp(confirmationPath(reference));
    expect(await screen.findByRole('heading', { name: 'Bayaran anda tidak berjaya' })).toBeTruthy();
    expect(screen.getByText('Sebab: Baki akaun tidak mencukupi.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Kembali ke troli untuk cuba lagi' }).getAttribute('href'),
    ).toBe(`#${paths.cart}`);
    expect(cartAccounts()).toHaveLength(3);
  });

  test('a reason the portal has no translation for is shown as the bank wrote it', async () => {
    saveReceiptToken(reference, 'tok-123');
    stubApi({
      'POST /api/receipts/find': () =>
        jsonResponse({ ...inProgress, status: 'failed', failure_reason: 'Do not honour (05)' }),
    });
    renderApp(confirmationPath(reference));
    expect(await screen.findByText('Sebab: Do not honour (05)')).toBeTruthy();
  });

  test('without the token, the payer finds the payment with its reference and their e-mail', async () => {
    const fetch = stubApi({ 'POST /api/receipts/find': () => jsonResponse(paidReceipt) });
    renderApp(confirmationPath(reference));
    const form = await screen.findByRole('region', { name: 'Cari resit anda' });
    expect(within(form).getByLabelText('Nombor rujukan')).toHaveProperty('value', reference);
    fireEvent.change(within(form).getByLabelText('E-mel pembayar'), {
      target: { value: 'Mei.Ling@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cari resit' }));

    expect(await screen.findByRole('heading', { name: 'Bayaran berjaya' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([
      { reference, email: 'mei.ling@example.com' },
    ]);
  });
});
