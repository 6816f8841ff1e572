import type { CouncilProfile } from '@portal/domain/contracts/council-profile';
import { officePaths } from '@portal/domain/web-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { councilsFixture, settingsFixture, staffSession } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const logo = 'a'.repeat(64);

const profile: CouncilProfile = {
  council: 'mps',
  name: 'Majlis Perbandaran Sandakan',
  product_title: 'MPS ePayment',
  logo,
  contact: {
    phone: '089-000 111',
    email: null,
    address: null,
    opening_hours: [{ days: [1, 2, 3, 4], opens: '08:00', closes: '17:00' }],
  },
  assessment_partial_discount_bp: 5000,
  assessment_arrears_discount_bp: 1250,
};

/** The office's answers, with what each POST sent and how the council list was asked for. */
function stubProfileApi() {
  const sent: { path: string; body: unknown }[] = [];
  const councilCalls: (RequestCache | undefined)[] = [];
  let current = profile;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (init?.method === 'POST' && path.startsWith('/api/office/council-profile')) {
        const body = JSON.parse(String(init.body)) as Record<string, string>;
        sent.push({ path, body });
        current = path.endsWith('/contact')
          ? { ...current, contact: { ...current.contact!, phone: body.phone! } }
          : { ...current, product_title: body.product_title!, logo: body.logo || null };
        return jsonResponse(current);
      }
      if (path === '/api/councils') councilCalls.push(init?.cache);
      const answers: Record<string, unknown> = {
        '/api/office/session': staffSession('council_admin'),
        '/api/councils': councilsFixture,
        '/api/settings': settingsFixture,
        '/api/office/council-profile': current,
      };
      return path in answers
        ? jsonResponse(answers[path])
        : jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
    }),
  );
  return { sent, councilCalls };
}

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
describe('the council profile screen', { timeout: 15_000 }, () => {
  test('shows the profile in percent, refuses a bad rate, saves without the logo and asks the council list afresh', async () => {
    const { sent, councilCalls } = stubProfileApi();
    renderApp(officePaths.councilProfile);
    const form = (await screen.findByRole('heading', { name: 'Tajuk, logo dan kadar' })).closest(
      'form',
    )!;
    const title = within(form).getByRole('textbox', { name: /Tajuk portal majlis/ });
    expect((title as HTMLInputElement).value).toBe('MPS ePayment');
    const arrears = within(form).getByRole('textbox', { name: /Pengecualian tunggakan/ });
    expect((arrears as HTMLInputElement).value).toBe('12.5');
    expect(within(form).getByRole('img').getAttribute('src')).toBe(`/api/images/${logo}`);

    fireEvent.change(title, { target: { value: 'Sandakan 山打根 ePayment' } });
    fireEvent.change(arrears, { target: { value: '120' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Sebab/ }), {
      target: { value: 'Council resolution 12/2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(form).findByText(
        'Masukkan peratus dari 0 hingga 100, dengan paling banyak dua tempat perpuluhan.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(arrears, { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tanpa logo' }));
    expect(within(form).queryByRole('img')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/api/office/council-profile',
          body: {
            council: 'mps',
            product_title: 'Sandakan 山打根 ePayment',
            logo: '',
            partial_discount_percent: '50',
            arrears_discount_percent: '10',
            reason: 'Council resolution 12/2026',
          },
        },
      ]),
    );
    await within(form).findByText('Disimpan: berkuat kuasa serta-merta.');
    // The portal's council list is asked again past the browser's cache.
    await waitFor(() => expect(councilCalls).toContain('reload'));
  });

  test('the contacts go through the helpline form, for the council', async () => {
    const { sent } = stubProfileApi();
    renderApp(officePaths.councilProfile);
    const form = (await screen.findByRole('heading', { name: 'Hubungan majlis' })).closest('form')!;
    const phone = within(form).getByRole('textbox', { name: /Nombor telefon/ });
    expect((phone as HTMLInputElement).value).toBe('089-000 111');
    fireEvent.change(phone, { target: { value: '089-275 888' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Sebab/ }), {
      target: { value: 'New line' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/office/council-profile/contact',
      body: { council: 'mps', phone: '089-275 888', hours_1_1_opens: '08:00', reason: 'New line' },
    });
  });
});
