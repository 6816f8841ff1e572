import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { jsonResponse, renderApp } from '../../test/render-app';

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('where the window is scrolled to', () => {
  test('a new page opens at its top; back and forward return to where each page was left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderApp(paths.home);
    await heading('Portal Bayaran PBT Sabah');
    act(() => window.scrollTo(0, 600));

    fireEvent.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Mengenai Portal' }),
    );
    await heading('Mengenai Portal');
    expect(window.scrollY).toBe(0);
    act(() => window.scrollTo(0, 250));

    act(() => window.history.back());
    await heading('Portal Bayaran PBT Sabah');
    expect(window.scrollY).toBe(600);

    act(() => window.history.forward());
    await heading('Mengenai Portal');
    expect(window.scrollY).toBe(250);
  });
});
