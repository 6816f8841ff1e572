import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { loginSchema } from '@portal/domain/forms';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { loadWords } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { errorReadWith } from '../../test/field-errors';
import { FormProblem } from './FormProblem';
import { TextField } from './TextField';
import { useDomainForm } from './use-domain-form';

/** A form as every feature writes one: the domain's schema, two fields, a refusal, a button. */
function LoginLike({
  send,
}: {
  send: (form: { email: string; password: string }) => Promise<string>;
}) {
  const form = useDomainForm(loginSchema, { email: '', password: '' });
  const onSubmit = form.handleSubmit({ send, onSuccess: () => undefined });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField form={form} name="email" label="E-mel" type="email" />
      <TextField form={form} name="password" label="Kata laluan" type="password" />
      <FormProblem form={form} />
      <button type="submit">Hantar</button>
    </form>
  );
}

// The form layer's words are a part of their own, which a screen fetches with its code.
beforeEach(() => loadWords(['forms']));

const errorOf = (label: string) => errorReadWith(screen.getByLabelText(label));

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Hantar' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the one form layer', () => {
  test('a wrong form sends nothing: each field names its error and the first takes focus', async () => {
    const send = vi.fn(async () => 'ok');
    render(<LoginLike send={send} />);
    type('E-mel', 'not an address');
    submit();
    await waitFor(() => expect(errorOf('E-mel')).toBe('Format e-mel tidak sah'));
    expect(errorOf('Kata laluan')).toBe('Kata laluan diperlukan.');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mel'));
    expect(send).not.toHaveBeenCalled();
  });

  test('a summary over the button names every wrong field, each a tap away from it', async () => {
    render(<LoginLike send={async () => 'ok'} />);
    type('E-mel', 'not an address');
    submit();
    const summary = (await screen.findByText('Semak 2 ruangan ini:')).parentElement!;
    const links = within(summary).getAllByRole('button');
    expect(links.map((link) => link.textContent)).toEqual([
      'E-mel: Format e-mel tidak sah',
      'Kata laluan diperlukan.',
    ]);
    fireEvent.click(links[1]!);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Kata laluan')));
    type('E-mel', 'siti@example.com');
    type('Kata laluan', 'secret');
    expect(screen.queryByText(/Semak/)).toBeNull();
  });

  test('typing in a field clears its error', async () => {
    render(<LoginLike send={async () => 'ok'} />);
    submit();
    await waitFor(() => expect(errorOf('Kata laluan')).toBe('Kata laluan diperlukan.'));
    type('Kata laluan', 's');
    await waitFor(() => expect(errorOf('Kata laluan')).toBeUndefined());
    expect(errorOf('E-mel')).toBe('E-mel diperlukan.');
    // One wrong field left: told under it, no summary.
    expect(screen.queryByText(/Semak/)).toBeNull();
  });

  test('a second tap while the first is on its way sends nothing', async () => {
    let answer!: (value: string) => void;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<LoginLike send={send} />);
    type('E-mel', 'siti@example.com');
    type('Kata laluan', 'secret');
    submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    submit();
    submit();
    answer('ok');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ email: 'siti@example.com', password: 'secret' });
  });

  test('the server’s field errors go under their fields, any other refusal over the form', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError('validation_failed', 400, 'bad', { password: 'password_common' }),
      )
      .mockRejectedValueOnce(new ApiError('rate_limited', 429));
    render(<LoginLike send={send} />);
    type('E-mel', 'siti@example.com');
    type('Kata laluan', 'password');
    submit();
    await waitFor(() => expect(errorOf('Kata laluan')).toMatch(/kata laluan ini terlalu biasa/i));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Kata laluan')));
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Terlalu banyak percubaan');
  });

  test('a failure on the server’s side gives its reference to quote; the reader’s own mistakes none', async () => {
    const reference = '5f0c2d7e-8a4b-4c1e-9d3f-2b6a7c8d9e0f';
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('internal_error', 500, 'bug', undefined, [], reference))
      .mockRejectedValueOnce(new ApiError('rate_limited', 429, 'slow', undefined, [], 'other-id'));
    render(<LoginLike send={send} />);
    type('E-mel', 'siti@example.com');
    type('Kata laluan', 'password');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Rujukan: ${reference}`);
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Terlalu banyak'));
    expect(screen.getByRole('alert').textContent).not.toContain('Rujukan');
  });
});
