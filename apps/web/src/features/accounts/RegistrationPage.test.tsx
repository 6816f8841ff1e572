import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountAnswer, SessionUser } from '@portal/domain/accounts';
import { describe, expect, test } from 'vitest';
import { paths } from '../../lib/paths';
import {
  bodiesSentTo,
  csrfTokensSentTo,
  FRESH_CSRF_TOKEN,
  stubApi,
  userFixture,
} from '../../test/portal-fixtures';
import { jsonResponse, renderApp, TEST_CSRF_TOKEN } from '../../test/render-app';

const newUser: SessionUser = { ...userFixture, email_verified: false };

async function openForm() {
  const view = renderApp(paths.form);
  await screen.findByRole('heading', { level: 1, name: 'Pendaftaran' });
  return view;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillForm() {
  type('E-mel', ' Mei.Ling@Example.com ');
  type('Nama penuh', 'Tan Mei Ling');
  type('Nombor kad pengenalan (MyKad)', '900101-12-5678');
  type('Nombor telefon', '012-345 6789');
  type('Kata laluan', 'correct horse');
  type('Sahkan kata laluan', 'correct horse');
}

function register() {
  fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
}

const registered =
  (email: AccountAnswer['email'] = 'email_sent') =>
  () =>
    jsonResponse({ user: newUser, email } satisfies AccountAnswer, 201);

describe('the registration page', () => {
  test('names every missing or wrong detail, in the reader’s language, before sending anything', async () => {
    const fetch = stubApi({ 'POST /api/auth/register': registered() });
    await openForm();
    type('Nombor kad pengenalan (MyKad)', '1234');
    type('Kata laluan', 'short');
    type('Sahkan kata laluan', 'shorter');
    register();

    expect(await screen.findAllByText('Ruangan ini wajib diisi')).toHaveLength(3);
    expect(screen.getByText('No. kad pengenalan mestilah 12 aksara')).toBeTruthy();
    expect(screen.getByText('Kata laluan terlalu pendek')).toBeTruthy();
    expect(screen.getByLabelText('E-mel').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mel'));

    fillForm();
    type('Sahkan kata laluan', 'correct hose');
    register();
    expect(await screen.findByText('Pengesahan tidak sepadan')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Sahkan kata laluan'));
    expect(bodiesSentTo(fetch, '/api/auth/register')).toEqual([]);
  });

  test('the IC number field says what it expects', async () => {
    stubApi();
    await openForm();
    const ic = screen.getByLabelText('Nombor kad pengenalan (MyKad)');
    const hint = document.getElementById(ic.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('12 digit, contohnya 900101-12-5678.');
  });

  test('an e-mail already registered is named on the e-mail field', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse({ error: 'email_already_exist', message: 'taken' }, 409),
    });
    await openForm();
    fillForm();
    register();
    expect(await screen.findByText('E-mel ini telah digunakan oleh akaun lain')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mel'));
    expect(screen.getByLabelText('E-mel').getAttribute('aria-invalid')).toBe('true');
  });

  test('any other failure asks to try again', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse({ error: 'internal_error', message: 'boom' }, 500),
    });
    await openForm();
    fillForm();
    register();
    const message = await screen.findByText('Percubaan gagal. Sila cuba lagi');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  test('a new user is logged in and confirms the address with the e-mailed code', async () => {
    const fetch = stubApi({
      'POST /api/auth/register': registered(),
      'POST /api/auth/verify-email': (body) =>
        (body as { code: string }).code === '123456'
          ? jsonResponse({ user: { ...newUser, email_verified: true } })
          : jsonResponse(
              {
                error: 'validation_failed',
                message: 'wrong code',
                fields: { code: 'code_invalid' },
              },
              400,
            ),
      'POST /api/auth/verify-email/send': () => jsonResponse({ email: 'email_sent' }),
      'GET /api/profile': () => jsonResponse({ user: { ...newUser, email_verified: true } }),
    });
    const { router } = await openForm();
    fillForm();
    register();

    const step = await screen.findByRole('region', { name: 'Sahkan e-mel anda' });
    expect(step.textContent).toContain(
      'Kami telah menghantar kod 6 digit ke mei.ling@example.com.',
    );
    expect(document.activeElement).toBe(step);
    expect(screen.getByRole('link', { name: 'Profil' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/register')).toEqual([
      {
        email: 'mei.ling@example.com',
        full_name: 'Tan Mei Ling',
        ic_num: '900101125678',
        phone: '0123456789',
        password: 'correct horse',
        confirm_password: 'correct horse',
      },
    ]);

    // A code that is not six digits is not sent; a wrong one is named on the field.
    type('Kod pengesahan', '12');
    fireEvent.click(within(step).getByRole('button', { name: 'Sahkan' }));
    expect(await within(step).findByText('Kod tidak sah')).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toEqual([]);
    type('Kod pengesahan', '654 321');
    fireEvent.click(within(step).getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toHaveLength(1));
    expect(await within(step).findByText('Kod tidak sah')).toBeTruthy();
    expect(document.activeElement).toBe(within(step).getByLabelText('Kod pengesahan'));

    fireEvent.click(within(step).getByRole('button', { name: 'Hantar kod baharu' }));
    expect(await screen.findByText('E-mel telah dihantar')).toBeTruthy();

    type('Kod pengesahan', '123456');
    fireEvent.click(within(step).getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.profile));
    expect(await screen.findByText('Alamat e-mel anda telah disahkan')).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
    // Registration began a new session: the calls after it carry that session's token.
    expect(csrfTokensSentTo(fetch, '/api/auth/register')).toEqual([TEST_CSRF_TOKEN]);
    expect(csrfTokensSentTo(fetch, '/api/auth/verify-email')).toEqual([
      FRESH_CSRF_TOKEN,
      FRESH_CSRF_TOKEN,
    ]);
  });

  test('when the code could not be e-mailed, the page says so and offers to send it again', async () => {
    stubApi({
      'POST /api/auth/register': registered('email_verification_failed'),
      'POST /api/auth/verify-email/send': () =>
        jsonResponse({ error: 'email_verification_failed', message: 'smtp down' }, 502),
    });
    await openForm();
    fillForm();
    register();

    const step = await screen.findByRole('region', { name: 'Sahkan e-mel anda' });
    expect(step.textContent).toContain('Gagal menghantar pengesahan e-mel');
    expect(step.textContent).not.toContain('Kami telah menghantar kod');
    fireEvent.click(within(step).getByRole('button', { name: 'Hantar kod baharu' }));
    const alert = await screen.findByText('Gagal menghantar pengesahan e-mel', {
      selector: '[role="alert"] *',
    });
    expect(alert).toBeTruthy();
  });

  test('a logged-in visitor is told so and pointed to the profile', async () => {
    stubApi();
    renderApp(paths.form, { user: userFixture });
    expect(
      await screen.findByText('Anda telah log masuk sebagai mei.ling@example.com.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ke profil saya' }).getAttribute('href')).toBe(
      paths.profile,
    );
    expect(screen.queryByLabelText('Kata laluan')).toBeNull();
  });
});
