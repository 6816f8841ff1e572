import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedAccount } from '@portal/domain/contracts/my-accounts';
import { paths } from '@portal/domain/web-paths';
import { describe, expect, test } from 'vitest';
import {
  assessmentBill,
  bodiesSentTo,
  compoundBill,
  licenceBill,
  stubApi,
  userFixture,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp, shownAddress } from '../../test/render-app';
import { CART_STORAGE_KEY } from '../cart';

const saved = (id: number, bill: SavedAccount['bill'], nickname: string | null = null) => ({
  id,
  council: 'mps',
  payment_type: bill?.payment_type ?? 'ticket',
  account_no: bill?.account_no ?? 'T010004021',
  nickname,
  saved_at: '2026-11-20T02:00:00Z',
  bill,
});

const accounts = [
  saved(1, assessmentBill, 'Rumah emak'),
  saved(2, { ...licenceBill, amount_due: 0 }),
  saved(3, compoundBill),
  saved(4, null),
];

const list = () => jsonResponse({ accounts, limit: 50 });

describe('my accounts', () => {
  test('a guest is asked to log in, and nothing is asked of the server', async () => {
    const fetch = stubApi();
    renderApp(paths.myAccounts);
    expect(await screen.findByRole('region', { name: 'Sila log masuk' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/my-accounts');
  });

  test('each account shows its nickname, number and what it owes now, or that nothing is due', async () => {
    stubApi({ 'GET /api/my-accounts': list });
    renderApp(paths.myAccounts, { user: userFixture });
    const items = within(
      await screen.findByRole('list', { name: 'Akaun yang anda simpan' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('heading', { name: 'Rumah emak' })).toBeTruthy();
    expect(within(items[0]!).getByText('RM 1,580.00')).toBeTruthy();
    expect(within(items[1]!).getByText('Tiada bayaran tertunggak')).toBeTruthy();
    expect(within(items[3]!).getByText('Majlis tidak lagi mempunyai bil ini')).toBeTruthy();
    // Only the ones that owe are offered to pay, and in all RM 1,580.00 + RM 100.00.
    expect(within(items[1]!).queryByRole('link', { name: /Bayar ini/ })).toBeNull();
    expect(screen.getByText('Tertunggak pada akaun anda: RM 1,680.00')).toBeTruthy();
  });

  test('pay all due puts every bill that owes in the cart, an assessment in full, and opens it', async () => {
    stubApi({ 'GET /api/my-accounts': list });
    renderApp(paths.myAccounts, { user: userFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Bayar semua yang tertunggak' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.cart));
    const cart = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as {
      account_no: string;
      amount: number;
      selection?: string;
    }[];
    expect(
      cart.map(({ account_no, amount, selection }) => ({ account_no, amount, selection })),
    ).toEqual([
      { account_no: 'A01000137', amount: 158_000, selection: 'full' },
      { account_no: 'KP01-001001', amount: 10_000, selection: undefined },
    ]);
  });

  test('a nickname is changed through the form, and a too long one is refused before sending', async () => {
    const fetch = stubApi({
      'GET /api/my-accounts': list,
      'PUT /api/my-accounts/3': (body) =>
        jsonResponse({
          account: { ...accounts[2], nickname: (body as { nickname: string }).nickname },
        }),
    });
    renderApp(paths.myAccounts, { user: userFixture });
    fireEvent.click(await screen.findByRole('button', { name: 'Tukar nama KP01-001001' }));
    // The form's code arrives once it is asked for; its field then takes the focus.
    const field = await screen.findByLabelText(/Nama panggilan/);
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'x'.repeat(61) } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nama' }));
    expect(await screen.findByText(/terlalu panjang/i)).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/my-accounts/3')).toEqual([]);
    fireEvent.change(field, { target: { value: 'Kompaun Ali' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan nama' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetch, '/api/my-accounts/3')).toEqual([{ nickname: 'Kompaun Ali' }]),
    );
    expect(await screen.findByText('Nama panggilan disimpan')).toBeTruthy();
    expect(screen.queryByLabelText(/Nama panggilan/)).toBeNull();
  });
});

describe('reminder choices in the profile', () => {
  test('each kind is a checkbox as the server holds it, and the choice is sent as yes or no', async () => {
    const fetch = stubApi({
      'GET /api/profile': () => jsonResponse({ user: userFixture }),
      'GET /api/my-accounts/reminders': () =>
        jsonResponse({ assessment: true, license: true, compound: false }),
      'PUT /api/my-accounts/reminders': (body) => jsonResponse(body),
    });
    renderApp(paths.profile, { user: userFixture });
    const licence = await screen.findByRole('checkbox', { name: /Lesen: 30 hari/ });
    expect((licence as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Kompaun/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(licence);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peringatan' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetch, '/api/my-accounts/reminders')).toContainEqual({
        assessment: true,
        license: false,
        compound: false,
      }),
    );
    // The profile page loads three forms' code at once: slower than one on a busy machine.
  }, 15_000);
});
