import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { settingsFixture, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const refundPage = (body: string) => ({
  page: 'refund',
  lang: 'ms',
  title: 'Dasar bayaran balik',
  body,
  updated_at: '2026-11-20T02:00:00.000Z',
});

describe("the portal's own pages", () => {
  test('a page shows its words in the reader’s language, its sections and links, and when they last changed', async () => {
    const fetch = stubApi({
      'GET /api/content?page=refund&lang=ms': () =>
        jsonResponse(
          refundPage(
            '## Tempoh\nDalam **14 hari bekerja**.\n\n- Lihat [talian bantuan](#/helpline)',
          ),
        ),
    });
    renderApp('/refund');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dasar bayaran balik' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tempoh' })).toBeTruthy();
    expect(screen.getByText('14 hari bekerja').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'talian bantuan' }).getAttribute('href')).toBe(
      '#/helpline',
    );
    expect(screen.getByText('Kemas kini terakhir: 20 November 2026')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/content?page=refund&lang=ms', expect.anything());
  });

  test('a stored script or script link appears as text and never runs', async () => {
    stubApi({
      'GET /api/content?page=refund&lang=ms': () =>
        jsonResponse(
          refundPage(
            '<script>window.pwned = true</script> [klik](javascript:alert(1)) <img src=x onerror=alert(1)>',
          ),
        ),
    });
    renderApp('/refund');
    const article = (await screen.findByText(/<script>window.pwned = true<\/script>/)).closest(
      'article',
    )!;
    expect(article.querySelector('script, img, a')).toBeNull();
    expect(within(article).getByText(/\[klik\]\(javascript:alert\(1\)\)/)).toBeTruthy();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  test('{{helpline}} in the words is the helpline number to dial, or its page while none is set', async () => {
    const faq = {
      ...refundPage('## Resit\nHubungi {{helpline}} dengan tarikh.'),
      page: 'faq',
      title: 'Soalan lazim',
    };
    stubApi({ 'GET /api/content?page=faq&lang=ms': () => jsonResponse(faq) });
    const { unmount } = renderApp('/faq');
    const article = (await screen.findByText(/dengan tarikh/)).closest('article')!;
    expect(within(article).getByRole('link', { name: 'Hubungi Kami' }).getAttribute('href')).toBe(
      '#/helpline',
    );
    unmount();

    stubApi({
      'GET /api/content?page=faq&lang=ms': () => jsonResponse(faq),
      'GET /api/settings': () =>
        jsonResponse({
          ...settingsFixture,
          helpline: { phone: '088-000 000', email: null, address: null, opening_hours: [] },
        }),
    });
    renderApp('/faq');
    expect((await screen.findByRole('link', { name: '088-000 000' })).getAttribute('href')).toBe(
      'tel:088000000',
    );
    expect(screen.queryByText(/\{\{helpline\}\}/)).toBeNull();
  });

  test('a page that cannot be loaded says why and can be asked again', async () => {
    stubApi({
      'GET /api/content?page=about&lang=ms': () => Promise.reject(new TypeError('offline')),
    });
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mengenai Portal' })).toBeTruthy();
    expect(await screen.findByText(/Perkhidmatan tidak dapat dihubungi sekarang/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cuba lagi' })).toBeTruthy();
  });
});
