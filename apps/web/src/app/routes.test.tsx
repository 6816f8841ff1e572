import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { paths, type PageName } from '@portal/domain/web-paths';
import { jsonResponse, renderApp, shownAddress } from '../test/render-app';
import { preloadScreenOf } from './routes';

describe('the routes', () => {
  // First in this file: no screen has been shown yet, so no screen's words are in.
  test('the screen an address shows can be fetched ahead, with its words, before any render', async () => {
    expect(i18n.getResource('ms', 'translation', 'licences')).toBeUndefined();
    preloadScreenOf([`${paths.licenceCheck}/MPS-L-0001`, '']);
    await waitFor(() => expect(i18n.getResource('ms', 'translation', 'licences')).toBeTruthy());
    expect(() => preloadScreenOf(['/no/such/page', ''])).not.toThrow();
  });

  test('an unknown route shows the 404 page with a link home', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Halaman ini tidak dijumpai' }),
    ).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Kembali ke laman utama' });
    home.click();
    await waitFor(() => expect(shownAddress().pathname).toBe('/'));
  });

  test.each(Object.keys(paths).filter((page) => page !== 'home') as PageName[])(
    'the %s screen opens at its path with its own heading',
    async (page) => {
      // Search and cart ask for the councils and settings; an empty answer is enough here.
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse([])),
      );
      renderApp(paths[page]);
      const name = i18n.t(`pages.${page}`);
      expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      await waitFor(() => expect(document.title).toBe(`${name} · Portal Bayaran PBT Sabah`));
    },
  );

  test('the home page is the portal’s title and the three steps', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Portal Bayaran PBT Sabah' }),
    ).toBeTruthy();
    const steps = screen.getAllByRole('listitem').filter((item) => item.querySelector('h3'));
    expect(steps.map((step) => step.querySelector('h3')?.textContent)).toEqual([
      'Cari akaun',
      'Buat pembayaran',
      'Dapatkan status',
    ]);
    await waitFor(() => expect(document.title).toBe('Utama · Portal Bayaran PBT Sabah'));
  });
});
