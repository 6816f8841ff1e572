import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { CART_STORAGE_KEY } from '../cart';
import { bodiesSentTo, csrfTokensSentTo, stubApi, userFixture } from '../../test/portal-fixtures';
import { jsonResponse, renderApp, TEST_CSRF_TOKEN, shownAddress } from '../../test/render-app';
import { errorReadWith } from '../../test/field-errors';

function dialog() {
  return screen.getByRole('dialog', { hidden: true });
}

async function openLogin(path: string = paths.about) {
  const view = renderApp(path);
  // The page's code has arrived.
  await screen.findByRole('heading', { level: 1 });
  fireEvent.click(screen.getByRole('button', { name: 'Log masuk' }));
  await within(dialog()).findByLabelText('E-mel');
  return view;
}

function type(label: string, value: string) {
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
}

function submitLogin() {
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Log masuk' }));
}

const loggedIn = () => jsonResponse({ user: userFixture, csrf_token: 'tok-after-login' });
const refused = () => jsonResponse({ error: 'auth_error', message: 'bad credentials' }, 401);

describe('the login dialog', () => {
  test('users log in with their e-mail and password; the toolbar then offers their profile', async () => {
    const fetch = stubApi({ 'POST /api/auth/login': loggedIn });
    await openLogin();
    type('E-mel', ' Mei.Ling@Example.com ');
    type('Kata laluan', 'correct horse');
    submitLogin();
    // A second tap while the first is on its way sends nothing more.
    fireEvent.submit(within(dialog()).getByLabelText('E-mel').closest('form')!);

    expect(await screen.findByText('Anda telah log masuk')).toBeTruthy();
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(screen.getByRole('link', { name: 'Profil' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log masuk' })).toBeNull();
    expect(shownAddress().pathname).toBe(paths.about);
    expect(bodiesSentTo(fetch, '/api/auth/login')).toEqual([
      { email: 'mei.ling@example.com', password: 'correct horse' },
    ]);
    expect(csrfTokensSentTo(fetch, '/api/auth/login')).toEqual([TEST_CSRF_TOKEN]);
    // Focus does not fall out of the page when the login button leaves the toolbar.
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  test('an account whose address was never confirmed is offered the e-mailed code, which logs in', async () => {
    const fetch = stubApi({
      'POST /api/auth/login': () =>
        jsonResponse({ error: 'email_not_verified', message: 'confirm first' }, 403),
      'POST /api/auth/verify-email': () =>
        jsonResponse({ user: userFixture, csrf_token: 'tok-after-confirming' }),
    });
    await openLogin();
    type('E-mel', 'Mei.Ling@Example.com');
    type('Kata laluan', 'correct horse');
    submitLogin();

    const step = await within(dialog()).findByRole('region', { name: 'Sahkan e-mel anda' });
    expect(step.textContent).toContain(
      'Kami telah menghantar kod 6 digit yang baharu ke mei.ling@example.com',
    );
    fireEvent.change(within(step).getByLabelText('Kod pengesahan'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(step).getByRole('button', { name: 'Sahkan' }));
    expect(await screen.findByText('Anda telah log masuk')).toBeTruthy();
    expect(dialog().hasAttribute('open')).toBe(false);
    expect(screen.getByRole('link', { name: 'Profil' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toEqual([
      { email: 'mei.ling@example.com', code: '123456' },
    ]);
  });

  test('a missing e-mail or password is named before anything is sent', async () => {
    const fetch = stubApi({ 'POST /api/auth/login': loggedIn });
    await openLogin();
    type('E-mel', 'mei.ling');
    submitLogin();

    expect(await within(dialog()).findByText('Format e-mel tidak sah')).toBeTruthy();
    expect(errorReadWith(within(dialog()).getByLabelText('Kata laluan'))).toBe(
      'Kata laluan diperlukan.',
    );
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('E-mel'));
    expect(bodiesSentTo(fetch, '/api/auth/login')).toEqual([]);
  });

  test('a refused login says the e-mail or password is incorrect, inside the dialog', async () => {
    stubApi({ 'POST /api/auth/login': refused });
    await openLogin();
    type('E-mel', 'mei.ling@example.com');
    type('Kata laluan', 'wrong');
    submitLogin();

    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('E-mel atau kata laluan tidak betul');
    expect(dialog().hasAttribute('open')).toBe(true);
    expect(within(dialog()).getByLabelText('Kata laluan')).toHaveProperty('value', '');
    expect(document.activeElement).toBe(within(dialog()).getByLabelText('Kata laluan'));
  });

  test('too many attempts say so, in the reader’s language', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse({ error: 'rate_limited', message: 'slow down' }, 429),
    });
    await openLogin();
    type('E-mel', 'mei.ling@example.com');
    type('Kata laluan', 'guess');
    submitLogin();
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Terlalu banyak percubaan',
    );
  });

  test('not a member leads to the registration form', async () => {
    stubApi();
    await openLogin();
    fireEvent.click(within(dialog()).getByRole('link', { name: 'Daftar' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.form));
    expect(dialog().hasAttribute('open')).toBe(false);
  });

  test('a login from the home page with nothing in the cart stays on the home page', async () => {
    stubApi({ 'POST /api/auth/login': loggedIn });
    await openLogin(paths.home);
    expect(within(dialog()).queryByRole('link', { name: 'Teruskan sebagai tetamu' })).toBeNull();

    type('E-mel', 'mei.ling@example.com');
    type('Kata laluan', 'correct horse');
    submitLogin();
    await waitFor(() => expect(dialog().hasAttribute('open')).toBe(false));
    expect(shownAddress().pathname).toBe(paths.home);
  });

  test('with bills in the cart, the home page offers to pay as a guest, and a login goes on to checkout', async () => {
    stubApi({ 'POST /api/auth/login': loggedIn });
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: 1 }]));
    await openLogin(paths.home);
    expect(
      within(dialog()).getByRole('link', { name: 'Teruskan sebagai tetamu' }).getAttribute('href'),
    ).toBe(`#${paths.checkout}`);

    type('E-mel', 'mei.ling@example.com');
    type('Kata laluan', 'correct horse');
    submitLogin();
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.checkout));
  });

  test('elsewhere there is no guest button', async () => {
    stubApi();
    await openLogin(paths.about);
    expect(within(dialog()).queryByRole('link', { name: 'Teruskan sebagai tetamu' })).toBeNull();
  });
});

describe('the forgot-password view', () => {
  const sentMessage =
    'Jika e-mel ini mempunyai akaun, pautan untuk menetapkan semula kata laluan telah dihantar kepadanya.';

  test('asking for a link gives the same answer for any address, then closes and clears the dialog', async () => {
    const fetch = stubApi({
      'POST /api/auth/forgot-password': () => jsonResponse({ status: 'reset_requested' }, 202),
    });
    await openLogin();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lupa kata laluan?' }));
    expect(within(dialog()).getByRole('heading', { name: 'Lupa kata laluan' })).toBeTruthy();
    expect(dialog().textContent).toContain('Pautan sah selama 24 jam.');
    const email = await within(dialog()).findByLabelText('E-mel');
    expect(document.activeElement).toBe(email);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hantar pautan' }));
    expect(await within(dialog()).findByText('E-mel diperlukan.')).toBeTruthy();

    type('E-mel', 'nobody@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hantar pautan' }));
    expect(await screen.findByText(sentMessage)).toBeTruthy();
    expect(dialog().hasAttribute('open')).toBe(false);

    // Opened again: the login view, with nothing typed.
    fireEvent.click(screen.getByRole('button', { name: 'Log masuk' }));
    expect(await within(dialog()).findByLabelText('E-mel')).toHaveProperty('value', '');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lupa kata laluan?' }));
    type('E-mel', 'Mei.Ling@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hantar pautan' }));
    await waitFor(() => expect(dialog().hasAttribute('open')).toBe(false));
    expect(screen.getByText(sentMessage)).toBeTruthy();

    expect(bodiesSentTo(fetch, '/api/auth/forgot-password')).toEqual([
      { email: 'nobody@example.com' },
      { email: 'mei.ling@example.com' },
    ]);
  });

  test('readers can go back to the login view', async () => {
    stubApi();
    await openLogin();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lupa kata laluan?' }));
    fireEvent.click(await within(dialog()).findByRole('button', { name: 'Kembali ke log masuk' }));
    expect(within(dialog()).getByRole('heading', { name: 'Log masuk' })).toBeTruthy();
    expect(within(dialog()).getByLabelText('Kata laluan')).toBeTruthy();
  });

  test('too many requests say so and keep the dialog open', async () => {
    stubApi({
      'POST /api/auth/forgot-password': () =>
        jsonResponse({ error: 'rate_limited', message: 'slow down' }, 429),
    });
    await openLogin();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Lupa kata laluan?' }));
    type('E-mel', 'mei.ling@example.com');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hantar pautan' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      'Terlalu banyak percubaan',
    );
    expect(dialog().hasAttribute('open')).toBe(true);
  });
});
