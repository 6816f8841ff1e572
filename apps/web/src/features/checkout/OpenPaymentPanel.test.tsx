import { screen, waitFor, within } from '@testing-library/react';
import type { HistoryPage } from '@portal/domain/contracts/history';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { describe, expect, test } from 'vitest';
import { confirmationPath, paths } from '@portal/domain/web-paths';
import { saveReceiptToken } from '../../shared/receipt-tokens';
import {
  bodiesSentTo,
  paidReceipt,
  putInCart,
  stubApi,
  userFixture,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const noCard = { brand: null, masked_number: null, bank: null, auth_code: null, trans_id: null };

/** A business account's payment its approver has not acted on yet, held until the next day. */
const pending: Receipt = {
  ...paidReceipt,
  reference: 'A10-20261122-000201-K3M9QX',
  status: 'pending',
  paid_at: null,
  release_at: '2026-11-23T06:12:00Z',
  method: 'corporate_banking',
  channel: 'Maybank2E',
  card: noCard,
};

const historyOf = (payments: HistoryPage['payments']): HistoryPage => ({
  payments,
  page: 1,
  page_size: 10,
  total: payments.length,
});

async function pendingPanel() {
  return screen.findByRole('region', { name: 'Bayaran anda sedang menunggu kelulusan bank' });
}

describe('a payment waiting for its bank, on the checkout page', { timeout: 20_000 }, () => {
  test('offers neither continue nor cancel: it says until when it waits and leads to its status', async () => {
    saveReceiptToken(pending.reference, 'tok-201');
    const fetch = stubApi({ 'POST /api/receipts/find': () => jsonResponse(pending) });
    putInCart();
    renderApp(paths.checkout);
    const panel = await pendingPanel();
    expect(
      within(panel).getByText(
        'Rujukan A10-20261122-000201-K3M9QX, RM 1,400.00, melalui Perbankan korporat (FPX) · Maybank2E. Bayaran ini menunggu kelulusan bank anda sehingga 23 November 2026 pada 2:12 PTG. Sementara itu ia tidak boleh dibatalkan atau dibayar semula, dan bilnya disimpan untuknya.',
      ),
    ).toBeTruthy();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Teruskan pembayaran' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batalkan pembayaran' })).toBeNull();
    expect(
      within(panel).getByRole('link', { name: 'Lihat status bayaran' }).getAttribute('href'),
    ).toBe(`#${confirmationPath(pending.reference)}`);
    expect(bodiesSentTo(fetch, '/api/payments/handover')).toEqual([]);
    expect(bodiesSentTo(fetch, '/api/payments/cancel')).toEqual([]);
  });

  test('leaves the payer free to pay other bills meanwhile: the form is there beside it', async () => {
    saveReceiptToken(pending.reference, 'tok-201');
    stubApi({ 'POST /api/receipts/find': () => jsonResponse(pending) });
    putInCart();
    renderApp(paths.checkout);
    await pendingPanel();
    expect(await screen.findByRole('form', { name: 'Maklumat pembayar' })).toBeTruthy();
  });

  test('a logged-in payer’s pending payment is found in the history as well as one in progress', async () => {
    const fetch = stubApi({
      'GET /api/history?page=1&status=in_progress': () => jsonResponse(historyOf([])),
      'GET /api/history?page=1&status=pending': () =>
        jsonResponse(
          historyOf([
            {
              reference: pending.reference,
              created_at: pending.created_at,
              paid_at: null,
              status: 'pending',
              amount: pending.amount,
              payment_method: 'corporate_banking',
              payment_channel: 'Maybank2E',
              refunded: 0,
              items: [],
            },
          ]),
        ),
      'POST /api/receipts/find': () => jsonResponse(pending),
    });
    putInCart();
    renderApp(paths.checkout, { user: userFixture });
    await pendingPanel();
    await waitFor(() =>
      expect(bodiesSentTo(fetch, '/api/receipts/find')).toEqual([{ reference: pending.reference }]),
    );
  });
});
