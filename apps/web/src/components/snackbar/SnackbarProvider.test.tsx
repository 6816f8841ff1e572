import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { Button } from '../ui/Button';
import { useSnackbar, type SnackbarMessage } from './snackbar-context';
import { SnackbarProvider } from './SnackbarProvider';

function Trigger(props: SnackbarMessage) {
  const snackbar = useSnackbar();
  return (
    <>
      <Button onClick={() => snackbar.show(props)}>show</Button>
      <Button onClick={() => snackbar.pageChanged()}>next page</Button>
    </>
  );
}

const goToAnotherPage = () => fireEvent.click(screen.getByRole('button', { name: 'next page' }));

function renderWith(message: SnackbarMessage) {
  render(
    <SnackbarProvider>
      <Trigger {...message} />
    </SnackbarProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

describe('the snackbar', () => {
  test('a message hides by itself after 10 seconds', () => {
    vi.useFakeTimers();
    renderWith({ message: 'Emel telah dihantar', tone: 'success' });
    expect(screen.getByRole('status').textContent).toContain('Emel telah dihantar');

    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.queryByText('Emel telah dihantar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Emel telah dihantar')).toBeNull();
  });

  test('readers can dismiss a message with OK', () => {
    renderWith({ message: 'Tidak Dijumpai!', tone: 'info' });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Tidak Dijumpai!')).toBeNull();
  });

  test('an error is announced as an alert, other messages politely', () => {
    renderWith({ message: 'Tidak Dijumpai!', tone: 'error' });
    expect(screen.getByRole('alert').textContent).toContain('Tidak Dijumpai!');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('the timer waits while the reader is on the message', () => {
    vi.useFakeTimers();
    renderWith({ message: 'Sila tunggu', tone: 'info' });
    fireEvent.focus(screen.getByRole('button', { name: 'OK' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByText('Sila tunggu')).not.toBeNull();
    fireEvent.blur(screen.getByRole('button', { name: 'OK' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Sila tunggu')).toBeNull();
  });

  test('a message stays on the page it was shown on: the next page does not show it', () => {
    renderWith({ message: 'Ditambah ke troli', tone: 'success' });
    goToAnotherPage();
    expect(screen.queryByText('Ditambah ke troli')).toBeNull();
  });

  test('a message about going to a page is shown there, and goes with the page after', () => {
    renderWith({ message: 'Selamat datang', tone: 'success', forNextPage: true });
    goToAnotherPage();
    expect(screen.queryByText('Selamat datang')).not.toBeNull();
    goToAnotherPage();
    expect(screen.queryByText('Selamat datang')).toBeNull();
  });
});
