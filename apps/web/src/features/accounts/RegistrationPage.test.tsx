import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionAnswer, SessionUser } from '@portal/domain/contracts/session';
import { describe, expect, test } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { bodiesSentTo, csrfTokensSentTo, stubApi, userFixture } from '../../test/portal-fixtures';
import {
  findScreen,
  jsonResponse,
  renderApp,
  shownAddress,
  TEST_CSRF_TOKEN,
} from '../../test/render-app';
import { errorSummaryItems } from '../../test/field-errors';

const confirmedUser: SessionUser = { ...userFixture, email_verified: true };

async function openForm() {
  const view = renderApp(paths.form);
  await findScreen('Pendaftaran');
  return view;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillForm() {
  type('E-mel', ' Mei.Ling@Example.com ');
  type('Nama penuh', 'Tan Mei Ling');
  type('No. MyKad', '900101-12-5678');
  type('Nombor telefon', '012-345 6789');
  type('Kata laluan', 'correct horse');
  type('Sahkan kata laluan', 'correct horse');
}

function register() {
  fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
}

/** The server's answer to every accepted registration, whether or not the address was taken. */
const codeSent = () => jsonResponse({ status: 'verification_sent' }, 202);

describe('the registration page', () => {
  test('names every missing or wrong detail, in the reader’s language, before sending anything', async () => {
    const fetch = stubApi({ 'POST /api/auth/register': codeSent });
    await openForm();
    type('No. MyKad', '1234');
    type('Kata laluan', 'short');
    type('Sahkan kata laluan', 'shorter');
    register();

    expect(await errorSummaryItems()).toEqual([
      'E-mel diperlukan.',
      'Nama penuh diperlukan.',
      'No. MyKad: No. kad pengenalan mestilah 12 aksara',
      'Nombor telefon diperlukan.',
      'Kata laluan: Kata laluan terlalu pendek',
    ]);
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
    const ic = screen.getByLabelText('No. MyKad');
    const hint = document.getElementById(ic.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toMatch(/^12 digit, contohnya 900101-12-5678\. /);
  });

  test('a common password is named on the password field', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(
          {
            error: 'validation_failed',
            message: 'too common',
            fields: { password: 'password_common' },
          },
          400,
        ),
    });
    await openForm();
    fillForm();
    register();
    expect(
      await screen.findByText(
        'Kata laluan ini terlalu biasa dan terdapat dalam senarai kata laluan yang bocor. Pilih kata laluan lain.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Kata laluan'));
  });

  test('any other failure asks to try again, with the reference to quote', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse({ error: 'internal_error', message: 'boom', request_id: 'req-9f2c' }, 500),
    });
    await openForm();
    fillForm();
    register();
    const message = await screen.findByText('Percubaan gagal. Sila cuba lagi');
    expect(message.closest('[role="alert"]')?.textContent).toContain('Rujukan: req-9f2c');
  });

  test('the e-mailed code confirms the address and logs in; the page never says whether the address was taken', async () => {
    const fetch = stubApi({
      'POST /api/auth/register': codeSent,
      'POST /api/auth/verify-email': (body) =>
        (body as { code: string }).code === '123456'
          ? jsonResponse({
              user: confirmedUser,
              csrf_token: 'csrf-after-login',
            } satisfies SessionAnswer)
          : jsonResponse(
              {
                error: 'validation_failed',
                message: 'wrong code',
                fields: { code: 'code_invalid' },
              },
              400,
            ),
      'POST /api/auth/verify-email/send': () => jsonResponse({ status: 'verification_sent' }, 202),
      'GET /api/profile': () => jsonResponse({ user: confirmedUser }),
    });
    await openForm();
    fillForm();
    register();

    const step = await screen.findByRole('region', { name: 'Sahkan e-mel anda' });
    expect(step.textContent).toContain(
      'Jika alamat ini boleh didaftarkan, kami telah menghantar kod 6 digit ke mei.ling@example.com.',
    );
    expect(step.textContent).not.toContain('telah digunakan');
    expect(document.activeElement).toBe(step);
    // Nobody is logged in until the code is given.
    expect(screen.queryByRole('link', { name: 'Profil' })).toBeNull();
    expect(bodiesSentTo(fetch, '/api/auth/register')).toEqual([
      {
        email: 'mei.ling@example.com',
        full_name: 'Tan Mei Ling',
        id_type: 'new_id',
        id_no: '900101125678',
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
    expect(
      await screen.findByText(
        'Jika alamat ini sedang menunggu pengesahan, kod baharu sedang dihantar.',
      ),
    ).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email/send')).toEqual([
      { email: 'mei.ling@example.com' },
    ]);

    type('Kod pengesahan', '123456');
    fireEvent.click(within(step).getByRole('button', { name: 'Sahkan' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.profile));
    expect(await screen.findByText('Alamat e-mel anda telah disahkan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profil' })).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toEqual([
      { email: 'mei.ling@example.com', code: '654321' },
      { email: 'mei.ling@example.com', code: '123456' },
    ]);
    expect(csrfTokensSentTo(fetch, '/api/auth/register')).toEqual([TEST_CSRF_TOKEN]);
  });

  test('a logged-in visitor is told so and pointed to the profile', async () => {
    stubApi();
    renderApp(paths.form, { user: userFixture });
    expect(
      await screen.findByText('Anda telah log masuk sebagai mei.ling@example.com.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ke profil saya' }).getAttribute('href')).toBe(
      `#${paths.profile}`,
    );
    expect(screen.queryByLabelText('Kata laluan')).toBeNull();
  });

  test('the IC and phone fields say why they are asked, with a link to the privacy policy', async () => {
    stubApi();
    await openForm();
    /** What a screen reader reads with a field: its description, and the link in it. */
    const descriptionOf = (name: RegExp) => {
      const field = screen.getByRole('textbox', { name });
      const parts = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)!);
      const link = parts.flatMap((part) => [...part.querySelectorAll('a')])[0];
      return {
        text: parts.map((part) => part.textContent).join(' '),
        href: link?.getAttribute('href'),
      };
    };
    const ic = descriptionOf(/^No. MyKad/);
    expect(ic.text).toContain('Mengenal pasti anda kepada PBT');
    expect(ic.text).toContain('disimpan secara tersulit');
    expect(ic.href).toBe(`#${paths.privacy}`);
    const phone = descriptionOf(/^Nombor telefon/);
    expect(phone.text).toContain('Supaya PBT dapat menghubungi anda mengenai bayaran anda');
    expect(phone.href).toBe(`#${paths.privacy}`);
  });

  test('says that registering accepts the user agreement, with a link to read it', async () => {
    stubApi();
    await openForm();
    const form = screen.getByRole('textbox', { name: /^E-mel/ }).closest('form')!;
    const agreement = within(form).getByRole('link', { name: 'Perjanjian Pengguna' });
    expect(agreement.getAttribute('href')).toBe(`#${paths.userAgreement}`);
    expect(agreement.parentElement!.textContent).toBe(
      'Dengan mendaftar, anda menerima Perjanjian Pengguna.',
    );
  });
});
