import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '@portal/domain/contracts/session';
import { describe, expect, test } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { bodiesSentTo, stubApi, userFixture } from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';

const profile =
  (user: SessionUser = userFixture) =>
  () =>
    jsonResponse({ user });

async function openProfile(user: SessionUser | null = userFixture) {
  const view = renderApp(paths.profile, { user });
  await findScreen('Profil Saya');
  return view;
}

function type(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

describe('the profile page', () => {
  test('without a session it asks the reader to log in, and shows the profile once they have', async () => {
    const fetch = stubApi({
      'POST /api/auth/login': () => jsonResponse({ user: userFixture, csrf_token: 'tok-2' }),
      'GET /api/profile': profile(),
    });
    await openProfile(null);
    const notice = await screen.findByRole('region', { name: 'Sila log masuk' });
    expect(bodiesSentTo(fetch, '/api/profile')).toEqual([]);

    fireEvent.click(within(notice).getByRole('button', { name: 'Log masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Log masuk' });
    fireEvent.change(await within(dialog).findByLabelText('E-mel'), {
      target: { value: 'mei.ling@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Kata laluan'), {
      target: { value: 'correct horse' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log masuk' }));

    expect(await screen.findByRole('region', { name: 'Akaun' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sila log masuk' })).toBeNull();
  });

  test('a session the server has ended shows the log-in notice and logs the toolbar out', async () => {
    stubApi({
      'GET /api/profile': () => jsonResponse({ error: 'login_required', message: 'no' }, 401),
    });
    await openProfile();
    expect(await screen.findByRole('region', { name: 'Sila log masuk' })).toBeTruthy();
    const toolbar = screen.getAllByRole('banner')[0]!;
    expect(within(toolbar).getByRole('button', { name: 'Log masuk' })).toBeTruthy();
    expect(within(toolbar).queryByRole('link', { name: 'Profil' })).toBeNull();
  });

  test('shows the e-mail, the masked IC number and that the e-mail is confirmed', async () => {
    stubApi({ 'GET /api/profile': profile() });
    await openProfile();
    const account = await screen.findByRole('region', { name: 'Akaun' });
    expect(within(account).getByText('mei.ling@example.com')).toBeTruthy();
    expect(within(account).getByText('********5678')).toBeTruthy();
    expect(within(account).getByText('Disahkan')).toBeTruthy();
    expect(within(account).queryByLabelText('Kod pengesahan')).toBeNull();
  });

  test('an unconfirmed e-mail (an account of before confirmation came first) can be confirmed from the profile', async () => {
    const fetch = stubApi({
      'GET /api/profile': profile({ ...userFixture, email_verified: false }),
      'POST /api/auth/verify-email': () =>
        jsonResponse({ user: { ...userFixture, email_verified: true }, csrf_token: 'csrf-new' }),
    });
    await openProfile({ ...userFixture, email_verified: false });
    const account = await screen.findByRole('region', { name: 'Akaun' });
    expect(within(account).getByText('Belum disahkan')).toBeTruthy();
    type(account, 'Kod pengesahan', '123456');
    fireEvent.click(within(account).getByRole('button', { name: 'Sahkan' }));
    expect(await screen.findByText('Alamat e-mel anda telah disahkan')).toBeTruthy();
    await waitFor(() => expect(within(account).getByText('Disahkan')).toBeTruthy());
    expect(within(account).queryByLabelText('Kod pengesahan')).toBeNull();
    expect(bodiesSentTo(fetch, '/api/auth/verify-email')).toEqual([
      { email: userFixture.email, code: '123456' },
    ]);
  });

  test('users update their name and phone; an unchanged form is answered no changes', async () => {
    const fetch = stubApi({
      'GET /api/profile': profile(),
      'PUT /api/profile': (body) =>
        (body as { full_name: string }).full_name === userFixture.full_name
          ? jsonResponse({ error: 'data_no_changes', message: 'same' }, 409)
          : jsonResponse({ user: { ...userFixture, ...(body as object) } }),
    });
    await openProfile();
    const details = await screen.findByRole('region', { name: 'Butiran anda' });
    expect(within(details).getByLabelText('Nama penuh')).toHaveProperty('value', 'Tan Mei Ling');

    fireEvent.click(within(details).getByRole('button', { name: 'Simpan perubahan' }));
    expect(await within(details).findByText('Tiada perubahan pada data')).toBeTruthy();

    type(details, 'Nama penuh', '');
    fireEvent.click(within(details).getByRole('button', { name: 'Simpan perubahan' }));
    expect(await within(details).findByText('Nama penuh diperlukan.')).toBeTruthy();
    expect(document.activeElement).toBe(within(details).getByLabelText('Nama penuh'));

    type(details, 'Nama penuh', 'Tan Mei Ling binti Ahmad');
    type(details, 'Nombor telefon', '+60 12-345 6780');
    fireEvent.click(within(details).getByRole('button', { name: 'Simpan perubahan' }));
    expect(await screen.findByText('Berjaya dikemas kini')).toBeTruthy();
    expect(within(details).getByLabelText('Nombor telefon')).toHaveProperty(
      'value',
      '012-345 6780',
    );
    // The first call is the GET of the profile.
    expect(bodiesSentTo(fetch, '/api/profile').slice(1)).toEqual([
      { full_name: 'Tan Mei Ling', phone: '0123456789' },
      { full_name: 'Tan Mei Ling binti Ahmad', phone: '0123456780' },
    ]);
  });

  test('a wrong current password is named on its field; a right one changes the password', async () => {
    const fetch = stubApi({
      'GET /api/profile': profile(),
      'PUT /api/profile/password': (body) =>
        (body as { current_password: string }).current_password === 'old secret'
          ? new Response(null, { status: 204 })
          : jsonResponse(
              {
                error: 'validation_failed',
                message: 'wrong password',
                fields: { current_password: 'password_incorrect' },
              },
              400,
            ),
    });
    await openProfile();
    const form = await screen.findByRole('region', { name: 'Tukar kata laluan' });
    type(form, 'Kata laluan semasa', 'guess');
    type(form, 'Kata laluan baharu', 'new secret 1');
    type(form, 'Sahkan kata laluan baharu', 'new secret 1');
    fireEvent.click(within(form).getByRole('button', { name: 'Tukar kata laluan' }));

    expect(await within(form).findByText('Kata laluan semasa tidak betul')).toBeTruthy();
    const current = within(form).getByLabelText('Kata laluan semasa');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);

    type(form, 'Kata laluan semasa', 'old secret');
    fireEvent.click(within(form).getByRole('button', { name: 'Tukar kata laluan' }));
    expect(await screen.findByText('Kata laluan anda telah ditukar')).toBeTruthy();
    expect(current).toHaveProperty('value', '');
    expect(bodiesSentTo(fetch, '/api/profile/password')).toEqual([
      { current_password: 'guess', password: 'new secret 1', confirm_password: 'new secret 1' },
      {
        current_password: 'old secret',
        password: 'new secret 1',
        confirm_password: 'new secret 1',
      },
    ]);
  });
});
