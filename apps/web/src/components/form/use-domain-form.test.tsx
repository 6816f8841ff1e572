import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loginSchema } from '@portal/domain/forms';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
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

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Hantar' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the one form layer', () => {
  test('a wrong form sends nothing: each field names its error and the first takes focus', async () => {
    const send = vi.fn(async () => 'ok');
    render(<LoginLike send={send} />);
    type('E-mel', 'not an address');
    submit();
    await screen.findByText('Format e-mel tidak sah');
    screen.getByText('Ruangan ini wajib diisi');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mel'));
    expect(send).not.toHaveBeenCalled();
  });

  test('typing in a field clears its error', async () => {
    render(<LoginLike send={async () => 'ok'} />);
    submit();
    await screen.findAllByText('Ruangan ini wajib diisi');
    type('Kata laluan', 's');
    await waitFor(() => expect(screen.getAllByText('Ruangan ini wajib diisi')).toHaveLength(1));
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
    await screen.findByText(/kata laluan ini terlalu biasa/i);
    expect(document.activeElement).toBe(screen.getByLabelText('Kata laluan'));
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
