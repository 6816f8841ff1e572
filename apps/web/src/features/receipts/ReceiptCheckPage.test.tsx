import { screen, within } from '@testing-library/react';
import type { ReceiptCheck } from '@portal/domain/contracts/receipts';
import { describe, expect, test } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { paidReceipt, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const reference = 'A10-20261122-000123';
const checkUrl = `/api/receipts/check?reference=${reference}&code=c0ffee`;
const pagePath = `${paths.receiptCheck}?reference=${reference}&code=c0ffee`;

const genuine: ReceiptCheck = {
  reference,
  status: 'successful',
  amount: 140_000,
  paid_at: '2026-11-22T06:12:00Z',
  // What the receipt prints of each line, without its description.
  items: paidReceipt.items.map(({ council, council_name, payment_type, account_no, amount }) => ({
    council,
    council_name,
    payment_type,
    account_no,
    amount,
  })),
};

describe('the receipt check page', () => {
  test('a genuine receipt is confirmed with its reference, date, total, status and each bill it paid', async () => {
    stubApi({ [`GET ${checkUrl}`]: () => jsonResponse(genuine) });
    renderApp(pagePath);
    const verdict = await screen.findByRole('region', { name: 'Resit ini adalah tulen' });
    const view = within(verdict);
    expect(view.getByText(reference)).toBeTruthy();
    // Each line names its council, type and account, so a checker can tell which bill was paid.
    const rows = within(view.getByRole('table', { name: 'Butiran bayaran' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PBTJenis bayaranNombor akaunAmaun',
      'Majlis Perbandaran SandakanCukai taksiranA01000137RM 500.00',
      'Majlis Perbandaran SandakanLesen dan permitLO-2026-001001RM 900.00',
      'JumlahRM 1,400.00',
    ]);
    expect(view.getByText('22 November 2026 pada 2:12 PTG')).toBeTruthy();
    expect(view.getAllByText('RM 1,400.00')).toHaveLength(2);
    expect(view.getByText('Berjaya')).toBeTruthy();
    expect(view.queryByText('BELUM DIBAYAR')).toBeNull();
  });

  test('a genuine receipt of a payment that failed says it was not paid', async () => {
    stubApi({
      [`GET ${checkUrl}`]: () => jsonResponse({ ...genuine, status: 'failed', paid_at: null }),
    });
    renderApp(pagePath);
    const verdict = await screen.findByRole('region', { name: 'Resit ini adalah tulen' });
    expect(within(verdict).getByText('BELUM DIBAYAR')).toBeTruthy();
    expect(within(verdict).getByText('Gagal')).toBeTruthy();
  });

  test('a code that matches nothing says so', async () => {
    stubApi({
      [`GET ${checkUrl}`]: () => jsonResponse({ error: 'not_found', message: 'no' }, 404),
    });
    renderApp(pagePath);
    expect(
      await screen.findByRole('heading', { name: 'Tiada resit yang sepadan dengan semakan ini' }),
    ).toBeTruthy();
  });

  test('a link without its code asks nothing and matches nothing', async () => {
    const fetch = stubApi();
    renderApp(`${paths.receiptCheck}?reference=${reference}`);
    expect(
      await screen.findByRole('heading', { name: 'Tiada resit yang sepadan dengan semakan ini' }),
    ).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('/api/receipts'))).toBe(false);
  });
});
