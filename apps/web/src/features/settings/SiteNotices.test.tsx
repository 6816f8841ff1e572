import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalSettings } from '@portal/domain/contracts/settings';
import { describe, expect, test, vi } from 'vitest';
import { settingsFixture, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import { navigate } from '../../lib/hash-location';

const withSettings = (changes: Partial<PortalSettings>) =>
  stubApi({ 'GET /api/settings': () => jsonResponse({ ...settingsFixture, ...changes }) });

/** Once the page has read the settings and drawn what they say. */
async function settingsRead(fetch: ReturnType<typeof stubApi>) {
  await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/settings', expect.anything()));
  await act(async () => {});
}

const words = (text: string) => ({ ms: `${text} (ms)`, en: `${text} (en)`, zh: `${text} (zh)` });

const covid = {
  id: 'covid-19-assistance',
  image: '/api/images/covid',
  alt: words('Pakej Bantuan Covid-19'),
};

describe('the site notices', () => {
  test('closed for maintenance, every page shows a notice that Escape does not close', async () => {
    withSettings({ closing: true });
    renderApp('/search');
    const dialog = await screen.findByRole('dialog', { name: 'Naik taraf sistem' });
    expect(
      within(dialog).getByText(/ditutup buat sementara waktu kerana naik taraf sistem/),
    ).toBeTruthy();
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
  });

  test('closed, the notice says when the portal is expected back and leads to the receipt lookup', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T04:00:00Z')); // noon in Sabah
    try {
      withSettings({ closing: true, reopens_at: '2026-11-25T14:00' });
      renderApp('/search');
      const dialog = await screen.findByRole('dialog', { name: 'Naik taraf sistem' });
      expect(
        within(dialog).getByText(
          'Portal dijangka dibuka semula pada 25 November 2026 pada 2:00 PTG.',
        ),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('link', { name: 'Cari resit anda' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Resit' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  test('closed past the time it was expected back, the notice does not give that time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T07:00:00Z')); // 3 pm in Sabah
    try {
      withSettings({ closing: true, reopens_at: '2026-11-25T14:00' });
      renderApp('/search');
      const dialog = await screen.findByRole('dialog', { name: 'Naik taraf sistem' });
      expect(within(dialog).queryByText(/dijangka dibuka semula/)).toBeNull();
      expect(within(dialog).getByRole('link', { name: 'Cari resit anda' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  test("closed, the council's own words replace the portal's; a receipt still shows", async () => {
    withSettings({ closing: true, closing_message: words('Kembali jam 2 petang') });
    renderApp('/');
    expect(await screen.findByText('Kembali jam 2 petang (ms)')).toBeTruthy();
    act(() => navigate('/receipt'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('an announcement shows until its reader closes it, and stays closed; a new one shows again', async () => {
    withSettings({ announcement: covid });
    const first = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Pengumuman' });
    expect(within(dialog).getByText('Pakej Bantuan Covid-19 (ms)')).toBeTruthy();
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/api/images/covid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    const fetch = withSettings({ announcement: covid });
    renderApp('/');
    await settingsRead(fetch);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    withSettings({ announcement: { ...covid, id: 'banjir-2026' } });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Pengumuman' })).toBeTruthy();
  });

  test('the snackbar message shows once a visit', async () => {
    const fetch = withSettings({ snackbar_message: words('Bayaran dikemas kini dalam sehari') });
    const first = renderApp('/');
    expect(await screen.findByText('Bayaran dikemas kini dalam sehari (ms)')).toBeTruthy();
    first.unmount();
    fetch.mockClear();
    renderApp('/');
    await settingsRead(fetch);
    expect(screen.queryByText('Bayaran dikemas kini dalam sehari (ms)')).toBeNull();
  });

  test.each([
    ['an older phone app is told to update', 'Mozilla/5.0 SabahPortalApp/1.9.0', true],
    ['the newest phone app is not', 'Mozilla/5.0 SabahPortalApp/2.0', false],
    ['a browser is not', 'Mozilla/5.0 Chrome/140.0', false],
  ])('%s', async (_case, userAgent, told) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const fetch = withSettings({ app_version: '2.0.0' });
    renderApp('/');
    await settingsRead(fetch);
    const notice = /Versi aplikasi yang lebih baharu \(2\.0\.0\) telah tersedia/;
    if (told) expect(await screen.findByText(notice)).toBeTruthy();
    else expect(screen.queryByText(notice)).toBeNull();
  });
});
