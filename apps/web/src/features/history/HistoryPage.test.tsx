import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryPage, HistoryPayment } from '@portal/domain/contracts/history';
import { describe, expect, test } from 'vitest';
import { paths, receiptPath } from '@portal/domain/web-paths';
import { stubApi, userFixture } from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp, shownAddress } from '../../test/render-app';

/** Three bills paid together on 22 November 2026 at 2:12 pm Malaysia time. */
const threeLines: HistoryPayment = {
  reference: 'A10-20261122-000123',
  created_at: '2026-11-22T06:10:00Z',
  paid_at: '2026-11-22T06:12:00Z',
  status: 'successful',
  amount: 146_000,
  payment_method: 'card',
  payment_channel: null,
  refunded: 0,
  items: [
    {
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      payment_type: 'assessment',
      account_no: 'A01000137',
      amount: 50_000,
    },
    {
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      payment_type: 'license',
      account_no: 'LO-2026-001001',
      amount: 90_000,
    },
    {
      council: 'mdkp',
      council_name: 'Majlis Daerah Kuala Penyu',
      payment_type: 'compound',
      account_no: 'KP01-001001',
      amount: 6_000,
    },
  ],
};

/** One bill, failed, on 1 November 2026 at 9:05 am (never paid: its checkout time is shown). */
const oneLine: HistoryPayment = {
  reference: 'A10-20261101-000045',
  created_at: '2026-11-01T01:05:00Z',
  paid_at: null,
  status: 'failed',
  amount: 10_000,
  payment_method: 'card',
  payment_channel: null,
  refunded: 0,
  items: [
    {
      council: 'mps',
      council_name: 'Majlis Perbandaran Sandakan',
      payment_type: 'compound',
      account_no: 'KP01-000777',
      amount: 10_000,
    },
  ],
};

function page(payments: HistoryPayment[], pageNo = 1, total = 12): HistoryPage {
  return { payments, page: pageNo, page_size: 10, total };
}

const history = (answer: HistoryPage) => () => jsonResponse(answer);

function historyCalls(fetch: ReturnType<typeof stubApi>): string[] {
  return fetch.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/history'));
}

async function openHistory(path: string = paths.history) {
  const view = renderApp(path, { user: userFixture });
  await findScreen('Sejarah Pembayaran');
  return view;
}

function table() {
  return screen.getByRole('table', { name: 'Bayaran anda' });
}

describe('the payment history', () => {
  test('without a session it asks the reader to log in and asks the server for nothing', async () => {
    const fetch = stubApi();
    renderApp(paths.history);
    expect(await screen.findByRole('region', { name: 'Sila log masuk' })).toBeTruthy();
    expect(historyCalls(fetch)).toEqual([]);
  });

  test('a session the server has ended shows the log-in notice', async () => {
    stubApi({
      'GET /api/history?page=1': () =>
        jsonResponse({ error: 'login_required', message: 'no' }, 401),
    });
    await openHistory();
    expect(await screen.findByRole('region', { name: 'Sila log masuk' })).toBeTruthy();
  });

  test('says how much of a payment was refunded, beside its status', async () => {
    stubApi({
      'GET /api/history?page=1': history(page([{ ...threeLines, refunded: 6_000 }, oneLine])),
    });
    await openHistory();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(within(rows[1]!).getByText('RM 60.00 dipulangkan')).toBeTruthy();
    expect(within(rows[4]!).queryByText(/dipulangkan/)).toBeNull();
  });

  test('lists each bill of each payment with its columns, a payment’s lines together', async () => {
    stubApi({ 'GET /api/history?page=1': history(page([threeLines, oneLine])) });
    await openHistory();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    // The header, three lines of the first payment, one of the second.
    expect(rows).toHaveLength(5);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tarikh', 'No. rujukan', 'PBT', 'Jenis bayaran', 'No. akaun', 'Amaun', 'Status']);

    const first = rows[1]!;
    expect(within(first).getByText('22 November 2026')).toBeTruthy();
    expect(within(first).getByText('2:12 PTG')).toBeTruthy();
    expect(within(first).getByText('3 bil, jumlah RM 1,460.00')).toBeTruthy();
    expect(within(first).getByText('Berjaya')).toBeTruthy();
    const reference = within(first).getByRole('link', { name: threeLines.reference });
    expect(reference.getAttribute('href')).toBe(`#${receiptPath(threeLines.reference)}`);
    expect(reference.closest('th')?.getAttribute('rowspan')).toBe('3');
    expect(within(first).getByText('Cukai taksiran')).toBeTruthy();
    expect(within(first).getByText('RM 500.00')).toBeTruthy();

    // The next lines carry only what differs; the reference is said once.
    expect(within(rows[2]!).getByText('LO-2026-001001')).toBeTruthy();
    expect(within(rows[3]!).getByText('Majlis Daerah Kuala Penyu')).toBeTruthy();
    expect(within(rows[3]!).getByText('RM 60.00')).toBeTruthy();
    expect(within(table()).getAllByText(threeLines.reference)).toHaveLength(1);

    const last = rows[4]!;
    expect(within(last).getByText('1 November 2026')).toBeTruthy();
    expect(within(last).getByText('9:05 PG')).toBeTruthy();
    expect(within(last).getByText('Gagal')).toBeTruthy();
    expect(within(last).queryByText(/bil, jumlah/)).toBeNull();
    expect(screen.getByText('12 bayaran dijumpai')).toBeTruthy();
  });

  test('each payment says how it was paid, and a payment waiting for its bank reads as pending', async () => {
    const byBank: HistoryPayment = {
      ...threeLines,
      payment_method: 'online_banking',
      payment_channel: 'Maybank2u',
    };
    const waiting: HistoryPayment = {
      ...oneLine,
      reference: 'A10-20261122-000201',
      status: 'pending',
      payment_method: 'corporate_banking',
      payment_channel: 'Maybank2E',
    };
    stubApi({ 'GET /api/history?page=1': history(page([byBank, waiting, oneLine], 1, 3)) });
    await openHistory();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(
      within(rows[1]!).getByText('Cara bayaran: Perbankan dalam talian (FPX) · Maybank2u'),
    ).toBeTruthy();
    expect(
      within(rows[4]!).getByText('Cara bayaran: Perbankan korporat (FPX) · Maybank2E'),
    ).toBeTruthy();
    expect(within(rows[4]!).getByText('Menunggu kelulusan bank')).toBeTruthy();
    // A card is named by its method alone: no bank beside it.
    expect(within(rows[5]!).getByText('Cara bayaran: Kad kredit atau debit')).toBeTruthy();
  });

  test('the council and status filters are kept in the address and sent to the server', async () => {
    const fetch = stubApi({
      'GET /api/history?page=1': history(page([threeLines, oneLine])),
      'GET /api/history?page=1&council=mps': history(page([threeLines, oneLine], 1, 2)),
      'GET /api/history?page=1&council=mps&status=failed': history(page([oneLine], 1, 1)),
    });
    await openHistory();
    await screen.findByRole('table');
    const council = screen.getByRole('combobox', { name: 'PBT' });
    await within(council).findByRole('option', { name: 'Majlis Perbandaran Sandakan' });

    fireEvent.change(council, { target: { value: 'mps' } });
    await waitFor(() => expect(shownAddress().search).toBe('?page=1&council=mps'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'failed' },
    });
    await waitFor(() => expect(shownAddress().search).toBe('?page=1&council=mps&status=failed'));
    expect(await screen.findByText('1 bayaran dijumpai')).toBeTruthy();
    expect(within(table()).queryByText(threeLines.reference)).toBeNull();
    expect(historyCalls(fetch)).toEqual([
      '/api/history?page=1',
      '/api/history?page=1&council=mps',
      '/api/history?page=1&council=mps&status=failed',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Kosongkan penapis' }));
    await waitFor(() => expect(shownAddress().search).toBe('?page=1'));
  });

  test('opened from an address, the filters show what it asks for; a value that is not valid is dropped', async () => {
    const fetch = stubApi({
      'GET /api/history?page=2&status=failed': history(page([oneLine], 2, 11)),
    });
    await openHistory(`${paths.history}?page=2&council=nowhere&status=failed`);
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'failed');
    expect(screen.getByRole('combobox', { name: 'PBT' })).toHaveProperty('value', '');
    expect(historyCalls(fetch)).toEqual(['/api/history?page=2&status=failed']);
  });

  test.each(['0', '10001', '2.5', 'two'])(
    'an address whose page is %s opens the first page',
    async (pageNo) => {
      const fetch = stubApi({ 'GET /api/history?page=1': history(page([threeLines])) });
      await openHistory(`${paths.history}?page=${pageNo}`);
      await screen.findByRole('table');
      expect(within(table()).getByText(threeLines.reference)).toBeTruthy();
      expect(historyCalls(fetch)).toEqual(['/api/history?page=1']);
    },
  );

  test('pages: previous and next, and which page of how many', async () => {
    const fetch = stubApi({
      'GET /api/history?page=1': history(page([threeLines], 1, 12)),
      'GET /api/history?page=2': history(page([oneLine], 2, 12)),
    });
    await openHistory();
    const pages = await screen.findByRole('navigation', { name: 'Halaman sejarah pembayaran' });
    expect(pages.textContent).toContain('Halaman 1 daripada 2');
    expect(within(pages).queryByRole('link', { name: 'Sebelumnya' })).toBeNull();

    fireEvent.click(within(pages).getByRole('link', { name: 'Seterusnya' }));
    await waitFor(() => expect(shownAddress().search).toBe('?page=2'));
    expect(await screen.findByText('Halaman 2 daripada 2')).toBeTruthy();
    expect(await within(table()).findByText(oneLine.reference)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Seterusnya' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Sebelumnya' }));
    await waitFor(() => expect(shownAddress().search).toBe('?page=1'));
    expect(historyCalls(fetch)).toEqual(['/api/history?page=1', '/api/history?page=2']);
  });

  test('no payments yet: says so and leads to the search', async () => {
    stubApi({ 'GET /api/history?page=1': history(page([], 1, 0)) });
    await openHistory();
    expect(
      await screen.findByRole('heading', { name: 'Anda belum membuat sebarang bayaran' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cari bil' }).getAttribute('href')).toBe(
      `#${paths.search}`,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('no payment matching the filters: says so and offers to clear them', async () => {
    stubApi({ 'GET /api/history?page=1&status=expired': history(page([], 1, 0)) });
    await openHistory(`${paths.history}?status=expired`);
    const empty = await screen.findByRole('region', {
      name: 'Tiada bayaran yang sepadan dengan penapis ini',
    });
    fireEvent.click(within(empty).getByRole('button', { name: 'Kosongkan penapis' }));
    await waitFor(() => expect(shownAddress().search).toBe('?page=1'));
  });
});
