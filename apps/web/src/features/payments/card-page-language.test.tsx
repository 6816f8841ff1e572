import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { putInCart, stubApi } from '../../test/portal-fixtures';
import { renderApp } from '../../test/render-app';

function browserPrefers(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  vi.restoreAllMocks();
});

// The whole checkout page renders: slower than a unit on a busy machine.
describe('before the payer leaves for the gateway’s page', { timeout: 20_000 }, () => {
  test('the checkout page says the gateway’s page follows the browser’s language, when it differs from the portal’s', async () => {
    browserPrefers('zh-CN', 'en');
    stubApi();
    putInCart();
    renderApp(paths.checkout);
    await screen.findByRole('form', { name: 'Maklumat pembayar' }, { timeout: 10_000 });
    expect(
      screen.getByText(
        'Halaman gerbang pembayaran dipaparkan dalam bahasa pelayar anda, Cina, bukan bahasa yang anda pilih di portal ini.',
        { exact: false },
      ),
    ).toBeTruthy();
  });

  test('and names it plainly when it is the portal’s own', async () => {
    browserPrefers('ms-MY');
    stubApi();
    putInCart();
    renderApp(paths.checkout);
    await screen.findByRole('form', { name: 'Maklumat pembayar' }, { timeout: 10_000 });
    expect(
      screen.getByText('Halaman gerbang pembayaran dipaparkan dalam bahasa pelayar anda, Melayu.', {
        exact: false,
      }),
    ).toBeTruthy();
  });
});
