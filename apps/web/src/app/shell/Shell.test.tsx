import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/languages';
import { CART_STORAGE_KEY, notifyCartChanged } from '../../features/cart/cart-count';
import { paths } from '@portal/domain/web-paths';
import { csrfTokensSentTo, stubApi, userFixture } from '../../test/portal-fixtures';
import { jsonResponse, renderApp, shownAddress } from '../../test/render-app';

function renderHome() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse([])),
  );
  return renderApp(paths.home);
}

describe('the shell around every page', () => {
  test('has a header, a main area and a footer, and a skip link to the main area', () => {
    renderHome();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    const main = screen.getByRole('main');
    fireEvent.click(screen.getByRole('link', { name: 'Langkau ke kandungan utama' }));
    expect(document.activeElement).toBe(main);
  });

  test('while a screen’s code arrives, the shell shows the loading bar and the page’s title', async () => {
    renderApp(paths.about);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Memuatkan halaman…' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Mengenai Portal · Portal Bayaran PBT Sabah'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mengenai Portal' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('a screen with an introduction has its heading shown at once, before its code is in', async () => {
    stubApi();
    renderApp(`${paths.search}?council=mps`);
    // The first render: the screen's code is still on its way.
    expect(screen.getByRole('progressbar', { name: 'Memuatkan halaman…' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Carian Akaun atau Lesen' })).toBeTruthy();
    expect(screen.getByText(/^Pilih PBT anda dan perkara yang ingin dibayar/)).toBeTruthy();
    // Then the screen, with the same heading once.
    expect(await screen.findByRole('combobox', { name: /Pihak berkuasa tempatan/ })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('readers can switch the language from the toolbar, and it is remembered', async () => {
    renderHome();
    const select = screen.getByRole('combobox', { name: 'Bahasa' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bahasa Malaysia', 'English', '中文']);

    fireEvent.change(select, { target: { value: 'zh' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: '沙巴地方政府缴费门户' }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    await waitFor(() => expect(document.title).toBe('首页 · 沙巴地方政府缴费门户'));

    fireEvent.change(screen.getByRole('combobox', { name: '语言' }), { target: { value: 'en' } });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  test('the page title follows a change of language', async () => {
    renderApp(paths.about);
    await waitFor(() => expect(document.title).toBe('Mengenai Portal · Portal Bayaran PBT Sabah'));
    await act(() => changeLanguage('en'));
    await waitFor(() =>
      expect(document.title).toBe('About the Portal · Sabah Council Payment Portal'),
    );
  });

  test('the cart badge follows the local-storage mirror of the cart', () => {
    renderHome();
    const cart = screen.getByRole('link', { name: 'Troli, 0 item' });
    expect(cart.getAttribute('href')).toBe('#/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();

    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 1 }, { id: 2 }]));
      notifyCartChanged();
    });
    expect(screen.getByRole('link', { name: 'Troli, 2 item' })).toBe(cart);
    expect(screen.getByTestId('cart-badge').textContent).toBe('2');

    // Another tab changed the cart.
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{}, {}, {}]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(screen.getByTestId('cart-badge').textContent).toBe('3');

    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, 'broken');
      notifyCartChanged();
    });
    expect(screen.getByRole('link', { name: 'Troli, 0 item' })).toBe(cart);
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  test('the cart’s name counts items in English with a plural', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{}]));
    await changeLanguage('en');
    renderHome();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{}, {}]));
      notifyCartChanged();
    });
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  test('sign up leads to the registration form', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Daftar' }).getAttribute('href')).toBe(
      `#${paths.form}`,
    );
  });

  test('login opens the login dialog; closing it returns to the button', async () => {
    renderHome();
    const login = screen.getByRole('button', { name: 'Log masuk' });
    login.focus();
    fireEvent.click(login);
    const dialog = screen.getByRole('dialog', { name: 'Log masuk' });
    expect(dialog.hasAttribute('open')).toBe(true);
    const email = await within(dialog).findByLabelText('E-mel');
    expect(document.activeElement).toBe(email);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(login);
  });

  test('logged in, the toolbar offers the profile, the history and log out', async () => {
    const fetch = stubApi({
      'GET /api/auth/session': () => jsonResponse({ user: userFixture, csrf_token: 'tok-1' }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderApp(paths.about, { user: 'ask' });
    expect((await screen.findByRole('link', { name: 'Profil' })).getAttribute('href')).toBe(
      `#${paths.profile}`,
    );
    expect(screen.getByRole('link', { name: 'Sejarah' }).getAttribute('href')).toBe(
      `#${paths.history}`,
    );
    expect(screen.queryByRole('link', { name: 'Daftar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log keluar' }));
    expect(await screen.findByText('Anda telah log keluar')).toBeTruthy();
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.home));
    expect(screen.getByRole('button', { name: 'Log masuk' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Profil' })).toBeNull();
    expect(csrfTokensSentTo(fetch, '/api/auth/logout')).toEqual(['tok-1']);
  });

  test('the footer shows the year and links to the information pages', () => {
    renderHome();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(String(new Date().getFullYear()));
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(
      [
        paths.about,
        paths.faq,
        paths.helpline,
        paths.paymentInformation,
        paths.privacy,
        paths.terms,
        paths.userAgreement,
        paths.refund,
      ].map((path) => `#${path}`),
    );
    expect(footer.textContent).toContain('Google Chrome');
  });
});
