import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { bodiesSentTo, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const token = 'k3Jx9-reset-token';
const resetPath = `${paths.resetPassword}?token=${token}`;

const valid = () => jsonResponse({ valid: true });
const failing = (error: string, status: number) => () =>
  jsonResponse({ error, message: error }, status);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the reset-password page', () => {
  test.each([
    [
      'expired (1)',
      'invalid_request_expired',
      410,
      'Permintaan tidak sah (1). Pautan ini telah tamat tempoh.',
    ],
    [
      'unknown (2)',
      'invalid_request_not_found',
      404,
      'Permintaan tidak sah (2). Rekod permintaan tidak dijumpai.',
    ],
    [
      'failed (3)',
      'internal_error',
      500,
      'Permintaan tidak sah (3). Permintaan tidak dapat diselesaikan.',
    ],
  ])(
    'a link that is %s says so, with a way home and to a new link',
    async (_, code, status, text) => {
      const fetch = stubApi({ 'POST /api/auth/reset-password/check': failing(code, status) });
      renderApp(resetPath);
      const message = await screen.findByText(text);
      expect(message.closest('[role="alert"]')).not.toBeNull();
      expect(
        screen.getByRole('link', { name: 'Kembali ke laman utama' }).getAttribute('href'),
      ).toBe(`#${paths.home}`);
      expect(screen.queryByLabelText('Kata laluan baharu')).toBeNull();
      expect(bodiesSentTo(fetch, '/api/auth/reset-password/check')).toEqual([{ token }]);

      fireEvent.click(screen.getByRole('button', { name: 'Minta pautan baharu' }));
      const dialog = screen.getByRole('dialog', { name: 'Lupa kata laluan' });
      expect(await within(dialog).findByRole('button', { name: 'Hantar pautan' })).toBeTruthy();
    },
  );

  test('the status decides when the answer has no code of ours', async () => {
    stubApi({
      'POST /api/auth/reset-password/check': () => new Response('gone', { status: 410 }),
    });
    renderApp(resetPath);
    expect(
      await screen.findByText('Permintaan tidak sah (1). Pautan ini telah tamat tempoh.'),
    ).toBeTruthy();
  });

  test('an address without a token is no request at all, and nothing is asked', async () => {
    const fetch = stubApi();
    renderApp(paths.resetPassword);
    expect(
      await screen.findByText('Permintaan tidak sah (2). Rekod permintaan tidak dijumpai.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/reset-password/check')).toEqual([]);
  });

  test('a valid link takes the new password twice, then offers to log in with it', async () => {
    const fetch = stubApi({
      'POST /api/auth/reset-password/check': valid,
      'POST /api/auth/reset-password': () => jsonResponse({ status: 'password_reset' }),
    });
    renderApp(resetPath);
    expect(await screen.findByText('Menyemak pautan…')).toBeTruthy();
    await screen.findByLabelText('Kata laluan baharu');

    type('Kata laluan baharu', 'new secret 1');
    type('Sahkan kata laluan baharu', 'new secret 2');
    fireEvent.click(screen.getByRole('button', { name: 'Tetapkan kata laluan' }));
    expect(await screen.findByText('Pengesahan tidak sepadan')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Sahkan kata laluan baharu'));
    expect(bodiesSentTo(fetch, '/api/auth/reset-password')).toEqual([]);

    type('Sahkan kata laluan baharu', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Tetapkan kata laluan' }));
    const done = await screen.findByRole('region', { name: 'Kata laluan anda telah ditukar' });
    expect(document.activeElement).toBe(done);
    expect(bodiesSentTo(fetch, '/api/auth/reset-password')).toEqual([
      { token, password: 'new secret 1', confirm_password: 'new secret 1' },
    ]);

    fireEvent.click(within(done).getByRole('button', { name: 'Log masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Log masuk' });
    expect(await within(dialog).findByLabelText('Kata laluan')).toBeTruthy();
  });

  test('a link that expires while the form is open says so when sent', async () => {
    stubApi({
      'POST /api/auth/reset-password/check': valid,
      'POST /api/auth/reset-password': failing('invalid_request_expired', 410),
    });
    renderApp(resetPath);
    await screen.findByLabelText('Kata laluan baharu');
    type('Kata laluan baharu', 'new secret 1');
    type('Sahkan kata laluan baharu', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Tetapkan kata laluan' }));
    expect(
      await screen.findByText('Permintaan tidak sah (1). Pautan ini telah tamat tempoh.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Kata laluan baharu')).toBeNull());
  });
});
