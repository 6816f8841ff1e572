import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, test } from 'vitest';
import { lazyOrUnavailable } from './chunk-reload';

function Shown({ name }: { name: string }) {
  return <p>Shown to {name}</p>;
}

function Unavailable({ name }: { name: string }) {
  return <p>Unavailable to {name}</p>;
}

describe('a component whose code is fetched when first shown', () => {
  test('shows once its code arrives', async () => {
    const Lazy = lazyOrUnavailable(async () => Shown, Unavailable);
    render(
      <Suspense fallback={null}>
        <Lazy name="Aisyah" />
      </Suspense>,
    );
    expect(await screen.findByText('Shown to Aisyah')).toBeTruthy();
  });

  test('shows its stand-in when its code cannot be fetched, and the rest of the page goes on', async () => {
    const Lazy = lazyOrUnavailable<{ name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch')),
      Unavailable,
    );
    render(
      <main>
        <h1>The page</h1>
        <Suspense fallback={null}>
          <Lazy name="Aisyah" />
        </Suspense>
      </main>,
    );
    expect(await screen.findByText('Unavailable to Aisyah')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });
});
