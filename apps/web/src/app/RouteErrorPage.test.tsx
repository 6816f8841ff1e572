import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { jsonResponse, renderApp } from '../test/render-app';

vi.mock('../features/cart/CartPage', () => ({
  CartPage: () => {
    throw new Error('the cart cannot be drawn');
  },
}));

describe('a screen that fails to draw', () => {
  test('shows the route’s error page inside the shell, which stays usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderApp(paths.cart);
    expect(await screen.findByRole('heading', { name: 'Maaf, berlaku masalah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat semula' })).toBeTruthy();
    expect(document.title).toBe('Troli · Portal Bayaran PBT Sabah');

    fireEvent.click(screen.getByRole('link', { name: 'Utama' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Portal Bayaran PBT Sabah' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Maaf, berlaku masalah' })).toBeNull();
  });
});
