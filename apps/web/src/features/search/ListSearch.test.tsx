import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BillList, ListedBill } from '@portal/domain/contracts/search';
import { describe, expect, test } from 'vitest';
import { CART_STORAGE_KEY, cartItemFromBill } from '../cart';
import {
  assessmentBill,
  bodiesSentTo,
  compoundBill,
  putInCart,
  stubApi,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import { cartItemFromListed } from './listed-cart-item';

const free = { held_until: null };
const ticket = (account: string, amount: number): ListedBill => ({
  ...compoundBill,
  ...free,
  payment_type: 'ticket',
  account_no: account,
  sub_type: null,
  owner_name: 'SA 1*****',
  owner_ic: null,
  description: 'Letak kereta tanpa kupon, Jalan Pasar, Sandakan',
  amount_due: amount,
  due_date: '2026-02-28',
  details: { vehicle_plate: 'SA 1234 B' },
});

const plateList: BillList = {
  bills: [
    ticket('T010020105', 2_000),
    ticket('T010024126', 1_000),
    { ...compoundBill, ...free, sub_type: 'vehicle' },
    { ...ticket('T010028147', 3_000), held_until: '2026-11-27T10:15:00.000Z' },
  ],
  more: false,
};

function cartInMirror(): Record<string, unknown>[] {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as Record<
    string,
    unknown
  >[];
}

async function openPlateSearch() {
  renderApp('/search?council=mps&by=plate');
  return screen.findByRole('textbox', { name: 'Nombor pendaftaran kenderaan' });
}

describe('finding bills by plate or identity number', () => {
  test('the page offers three ways to find bills, as links that keep the council; the number search is the first', async () => {
    stubApi();
    renderApp('/search?council=mps');
    const ways = await screen.findByRole('navigation', { name: 'Cari mengikut' });
    const links = within(ways).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Nombor bil',
      'Nombor kenderaan',
      'Nombor kad pengenalan',
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[1]!.getAttribute('href')).toContain('/search?council=mps&by=plate');

    fireEvent.click(links[2]!);
    expect(
      await screen.findByRole('textbox', { name: 'Nombor kad pengenalan pemilik (MyKad)' }),
    ).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Jenis bayaran' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Kategori kompaun (pilihan)' })).toBeTruthy();
  });

  test('a plate and a category are sent as typed; the list shows each bill, and adding all skips the held one', async () => {
    const fetch = stubApi({ 'POST /api/search/plate': () => jsonResponse(plateList) });
    const plate = await openPlateSearch();
    fireEvent.change(plate, { target: { value: 'sa 1234-b' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kategori kompaun (pilihan)' }), {
      target: { value: 'vehicle' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));

    const heading = await screen.findByRole('heading', {
      level: 3,
      name: '4 bil belum dibayar ditemui',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(bodiesSentTo(fetch, '/api/search/plate')).toEqual([
      { council: 'mps', plate: 'SA1234B', compound_category: 'vehicle' },
    ]);
    const rows = within(screen.getByRole('list', { name: 'Bil belum dibayar' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByText('Kompaun · Kenderaan')).toBeTruthy();
    expect(within(rows[2]!).getByText(compoundBill.owner_ic!)).toBeTruthy();
    expect(within(rows[3]!).queryByRole('button')).toBeNull();
    expect(within(rows[3]!).getByText(/sedang dibayar oleh pihak lain/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Tambah 3 bil ke troli' }));
    expect(await screen.findByText('3 bil telah ditambah ke troli anda')).toBeTruthy();
    expect(cartInMirror().map((item) => item.account_no)).toEqual([
      'T010020105',
      'T010024126',
      'KP01-001001',
    ]);
    expect(
      await screen.findByText('Semua bil dalam senarai ini ada dalam troli anda.'),
    ).toBeTruthy();
    expect(within(rows[0]!).getByText('Dalam troli anda')).toBeTruthy();
  });

  test('one tap adds one bill; "add all" then counts only those not yet in the cart', async () => {
    putInCart([cartItemFromBill(compoundBill)]);
    stubApi({ 'POST /api/search/plate': () => jsonResponse(plateList) });
    fireEvent.change(await openPlateSearch(), { target: { value: 'SA 1234 B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    const list = await screen.findByRole('list', { name: 'Bil belum dibayar' });
    const rows = within(list).getAllByRole('listitem');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Tambah ke troli' }));
    expect(await screen.findByText('T010020105 telah ditambah ke troli anda')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah 1 bil ke troli' })).toBeTruthy();
  });

  test('a plate or an identity number that cannot be one is refused under its field, and nothing is sent', async () => {
    const fetch = stubApi();
    fireEvent.change(await openPlateSearch(), { target: { value: 'SA/1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    expect(
      await screen.findAllByText(
        /Nombor pendaftaran kenderaan ialah huruf dan angka, contohnya SA 1234 B\./,
      ),
    ).not.toHaveLength(0);
    expect(bodiesSentTo(fetch, '/api/search/plate')).toEqual([]);
  });

  test('an empty list says what to check', async () => {
    stubApi({ 'POST /api/search/owner': () => jsonResponse({ bills: [], more: false }) });
    renderApp('/search?council=mps&by=owner');
    const ic = await screen.findByRole('textbox', {
      name: 'Nombor kad pengenalan pemilik (MyKad)',
    });
    fireEvent.change(ic, { target: { value: '880214-12-5533' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    const advice = await screen.findByText(/^Semak majlis \(Majlis Perbandaran Sandakan\)/);
    expect(advice.closest('[role="alert"]')?.textContent).toContain(
      'Tiada bil belum dibayar ditemui.',
    );
  });

  test('a list cut at its limit says there are more', async () => {
    stubApi({
      'POST /api/search/plate': () => jsonResponse({ bills: plateList.bills, more: true }),
    });
    fireEvent.change(await openPlateSearch(), { target: { value: 'SA 1234 B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    expect(await screen.findByText(/Hanya 50 yang pertama dipaparkan: ada lagi\./)).toBeTruthy();
  });
});

describe('a listed bill in the cart', () => {
  test('an assessment goes in at its full payment; a held bill does not go in', () => {
    const item = cartItemFromListed({ ...assessmentBill, ...free });
    expect(item).toMatchObject({ selection: 'full', amount: 158_000, paid_until: '2026/4' });
    expect(cartItemFromListed({ ...compoundBill, held_until: '2026-11-27T10:15:00Z' })).toBe(
      undefined,
    );
    expect(cartItemFromListed({ ...compoundBill, ...free })).toMatchObject({
      amount: compoundBill.amount_due,
    });
  });
});
