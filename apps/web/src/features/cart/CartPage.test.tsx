import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { CART_STORAGE_KEY } from './cart-count';
import { paths } from '@portal/domain/web-paths';
import { putInCart, settingsFixture, stubApi } from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp, shownAddress } from '../../test/render-app';

async function openCart() {
  const view = renderApp(paths.cart);
  await findScreen('Troli');
  return view;
}

function lines() {
  return within(screen.getByRole('region', { name: 'Bil dalam troli anda' })).getAllByRole(
    'listitem',
  );
}

describe('the cart page', () => {
  test('lists each bill with council, type, account, owner and amount, and the total', async () => {
    stubApi();
    putInCart();
    await openCart();
    expect(lines()).toHaveLength(4);
    const [assessment] = lines();
    expect(within(assessment!).getByText('Cukai taksiran')).toBeTruthy();
    expect(within(assessment!).getByText('A01000137')).toBeTruthy();
    expect(within(assessment!).getByText('Mohd********')).toBeTruthy();
    expect(
      within(assessment!).getByText(
        'Tunggakan tahun-tahun lepas dengan diskaun khas, dibayar hingga Suku ke-4 2025',
      ),
    ).toBeTruthy();
    expect(within(assessment!).getByTestId('cart-item-amount').textContent).toBe('RM 500.00');
    expect(await within(assessment!).findByText('Majlis Perbandaran Sandakan')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('RM 1,560.00');
    expect(screen.getByText('4 bil')).toBeTruthy();
    expect(screen.getByText('Sehingga 10 bil dalam satu pembayaran.')).toBeTruthy();
  });

  test('removing a licence removes the charge linked to it, and the total follows', async () => {
    stubApi();
    putInCart();
    await openCart();
    fireEvent.click(
      screen.getByRole('button', { name: 'Keluarkan Lesen dan permit LO-2026-001001 dari troli' }),
    );
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.getByTestId('cart-total').textContent).toBe('RM 600.00');
    // The notice is said after the lines change, in a render of its own.
    expect(
      await screen.findByText(
        'LO-2026-001001 dan caj yang berkaitan dengannya telah dikeluarkan dari troli anda',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ringkasan' }));
    expect(screen.getByRole('link', { name: 'Troli, 2 item' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
  });

  test('removing anything else removes only that bill', async () => {
    stubApi();
    putInCart();
    await openCart();
    fireEvent.click(
      screen.getByRole('button', { name: 'Keluarkan Kompaun KP01-001001 dari troli' }),
    );
    await waitFor(() => expect(lines()).toHaveLength(3));
    expect(screen.getByTestId('cart-total').textContent).toBe('RM 1,460.00');
  });

  test('an empty cart says so and leads to the search; checkout says no account is selected', async () => {
    stubApi();
    await openCart();
    expect(screen.getByRole('heading', { name: 'Troli anda kosong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cari bil' }).getAttribute('href')).toBe(
      `#${paths.search}`,
    );
    expect(screen.getByTestId('cart-total').textContent).toBe('RM 0.00');

    fireEvent.click(screen.getByRole('button', { name: 'Bayar sekarang' }));
    const message = await screen.findByText('Tiada akaun dipilih');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(shownAddress().pathname).toBe(paths.cart);
  });

  test('checkout with bills goes on to the checkout page', async () => {
    stubApi();
    putInCart();
    await openCart();
    fireEvent.click(screen.getByRole('button', { name: 'Bayar sekarang' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.checkout));
  });

  test('a total above what the bank takes in one payment is told before checkout', async () => {
    stubApi({
      'GET /api/settings': () => jsonResponse({ ...settingsFixture, max_payment: 100_000 }),
    });
    putInCart();
    await openCart();
    const notice = await screen.findByText(
      'Jumlah melebihi RM 1,000.00, had maksimum yang diterima oleh bank untuk satu bayaran. Keluarkan sebahagian bil dan bayar dalam bayaran kedua.',
    );
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(notice.textContent).toContain('RM\u00a01,000.00'); // never broken across two lines
    fireEvent.click(screen.getByRole('button', { name: 'Bayar sekarang' }));
    expect(shownAddress().pathname).toBe(paths.cart);

    // Below the maximum again, the notice goes and checkout opens.
    fireEvent.click(
      screen.getByRole('button', { name: 'Keluarkan Lesen dan permit LO-2026-001001 dari troli' }),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('RM 600.00'));
    // The notice, and the snackbar that repeated it, go once the removal has been told.
    await waitFor(() => expect(screen.queryByText(/Jumlah melebihi/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Bayar sekarang' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.checkout));
  });

  test('a change made in another tab shows at once', async () => {
    stubApi();
    await openCart();
    expect(screen.getByRole('heading', { name: 'Troli anda kosong' })).toBeTruthy();
    putInCart();
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    await waitFor(() => expect(lines()).toHaveLength(4));
  });
});
