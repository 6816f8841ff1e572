import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { loadWords } from '../i18n/i18n';
import { lazyForm } from './LazyForm';

function RenameForm({ name }: { name: string }) {
  return <form aria-label={`Rename ${name}`} />;
}

beforeEach(() => loadWords(['forms']));

describe('a form whose code is fetched when it is first shown', () => {
  test('says the form is loading until its code arrives, then shows it', async () => {
    let arrive: (form: typeof RenameForm) => void = () => undefined;
    const Lazy = lazyForm(() => new Promise<typeof RenameForm>((resolve) => (arrive = resolve)));
    render(<Lazy name="Rumah" />);
    expect((await screen.findByRole('status')).textContent).toBe('Memuatkan borang…');
    arrive(RenameForm);
    expect(await screen.findByRole('form', { name: 'Rename Rumah' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('whose code cannot be fetched says the service is unavailable', async () => {
    const Lazy = lazyForm<{ name: string }>(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<Lazy name="Rumah" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Perkhidmatan tidak dapat dihubungi sekarang. Sila semak sambungan internet anda dan cuba lagi.',
    );
  });
});
