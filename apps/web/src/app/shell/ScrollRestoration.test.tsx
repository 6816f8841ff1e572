import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { paths } from '@portal/domain/web-paths';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';

describe('where the window is scrolled to', () => {
  test('a new page opens at its top; back and forward return to where each page was left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderApp(paths.home);
    await findScreen('Portal Bayaran PBT Sabah');
    act(() => window.scrollTo(0, 600));

    fireEvent.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Mengenai Portal' }),
    );
    await findScreen('Mengenai Portal');
    expect(window.scrollY).toBe(0);
    act(() => window.scrollTo(0, 250));

    act(() => window.history.back());
    await findScreen('Portal Bayaran PBT Sabah');
    expect(window.scrollY).toBe(600);

    act(() => window.history.forward());
    await findScreen('Mengenai Portal');
    expect(window.scrollY).toBe(250);
  });
});
