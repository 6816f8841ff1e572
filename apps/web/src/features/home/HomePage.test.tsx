import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { Council } from '../../shared/get-councils';
import { paths } from '@portal/domain/web-paths';
import { stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp, shownAddress } from '../../test/render-app';

const councils: Council[] = [
  {
    code: 'mps',
    name: 'Majlis Perbandaran Sandakan',
    short_name: 'MPS',
    product_title: 'MPS ePayment',
    logo: null,
    available: true,
    payment_types: ['assessment', 'license'],
    contact: null,
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
  {
    code: 'mdkgu',
    name: 'Majlis Daerah Keningau',
    short_name: 'MDKgu',
    product_title: 'MDKgu ePayment',
    logo: null,
    available: false,
    payment_types: [],
    contact: null,
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
  {
    code: 'lbk',
    name: 'Lembaga Bandaran Kudat',
    short_name: 'LBK',
    product_title: 'LBK ePayment',
    logo: null,
    available: true,
    payment_types: ['assessment', 'license'],
    contact: null,
    local_charge_limits: { max_people: 1000, max_days: 366 },
  },
];

function selectCouncil() {
  return screen.getByRole('combobox', { name: 'Pihak berkuasa tempatan (PBT)' });
}

describe('the home page’s council picker', () => {
  test('lists the councils from the API and disables the unavailable ones', async () => {
    const fetch = vi.fn(async () => jsonResponse(councils));
    vi.stubGlobal('fetch', fetch);
    renderApp(paths.home);

    const sandakan = await screen.findByRole('option', { name: 'Majlis Perbandaran Sandakan' });
    expect(fetch).toHaveBeenCalledWith('/api/councils', expect.anything());
    expect((sandakan as HTMLOptionElement).disabled).toBe(false);
    const keningau = screen.getByRole('option', {
      name: 'Majlis Daerah Keningau (tidak tersedia)',
    }) as HTMLOptionElement;
    expect(keningau.disabled).toBe(true);
    expect(within(selectCouncil()).getAllByRole('option')).toHaveLength(councils.length + 1);
  });

  test('Continue opens the search for the chosen council', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(councils)),
    );
    renderApp(paths.home);
    await screen.findByRole('option', { name: 'Lembaga Bandaran Kudat' });

    fireEvent.change(selectCouncil(), { target: { value: 'lbk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Teruskan' }));
    await waitFor(() => expect(shownAddress().pathname).toBe(paths.search));
    expect(shownAddress().search).toBe('?council=lbk');
  });

  test('Continue without a council asks the reader to choose one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(councils)),
    );
    renderApp(paths.home);
    await screen.findByRole('option', { name: 'Lembaga Bandaran Kudat' });

    fireEvent.click(screen.getByRole('button', { name: 'Teruskan' }));
    expect(screen.getByText('Sila pilih PBT')).toBeTruthy();
    expect(selectCouncil().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(selectCouncil());
    expect(shownAddress().pathname).toBe(paths.home);
  });

  test('shows that councils are loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp(paths.home);
    expect((selectCouncil() as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getAllByText('Memuatkan senarai PBT…').length).toBeGreaterThan(0);
  });

  test('a failed load says why in the reader’s language and can be retried', async () => {
    const councilsLoad = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(councils));
    stubApi({ 'GET /api/councils': councilsLoad });
    renderApp(paths.home);

    const message = await screen.findByText(/Senarai PBT tidak dapat dimuatkan\./);
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    expect(alert.textContent).toContain('Perkhidmatan tidak dapat dihubungi sekarang.');

    fireEvent.click(screen.getByRole('button', { name: 'Cuba lagi' }));
    expect(await screen.findByRole('option', { name: 'Lembaga Bandaran Kudat' })).toBeTruthy();
  });
});
