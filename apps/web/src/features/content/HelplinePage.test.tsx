import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { settingsFixture, stubApi } from '../../test/portal-fixtures';
import { jsonResponse, renderApp, shownAddress } from '../../test/render-app';

const helplineWords = {
  page: 'helpline',
  lang: 'en',
  title: 'Contact and helpline',
  body: '## Who to contact\nThe council that issued the bill.',
  updated_at: '2026-11-20T02:00:00.000Z',
};

describe('the helpline page', () => {
  test('shows its words, then each council’s phone, e-mail, address and hours as published', async () => {
    stubApi({ 'GET /api/content?page=helpline&lang=en': () => jsonResponse(helplineWords) });
    await changeLanguage('en');
    renderApp('/helpline');
    expect(await screen.findByRole('heading', { level: 2, name: 'Who to contact' })).toBeTruthy();

    const sandakan = (
      await screen.findByRole('heading', { level: 3, name: 'Majlis Perbandaran Sandakan' })
    ).parentElement!;
    expect(within(sandakan).getByRole('link', { name: '088-000 101' }).getAttribute('href')).toBe(
      'tel:088000101',
    );
    expect(
      within(sandakan).getByRole('link', { name: 'aduan.mps@example.com' }).getAttribute('href'),
    ).toBe('mailto:aduan.mps@example.com');
    expect(within(sandakan).getByText('Alamat demo, 90000 Sandakan, Sabah')).toBeTruthy();
    expect(within(sandakan).getByText('Monday – Thursday: 08:00 – 17:00')).toBeTruthy();
    expect(within(sandakan).getByText('Friday: 08:00 – 11:30')).toBeTruthy();

    // A council that has not given its details is said to have none, never given a made-up one.
    const pitas = screen.getByRole('heading', {
      level: 3,
      name: 'Majlis Daerah Pitas',
    }).parentElement!;
    expect(within(pitas).getByText(/has not yet published its contact details/)).toBeTruthy();
    expect(within(pitas).queryByRole('link')).toBeNull();
    expect(screen.getByText(/The portal helpline has not been published yet/)).toBeTruthy();
  });

  test('shows the portal’s own helpline when it is set', async () => {
    stubApi({
      'GET /api/content?page=helpline&lang=ms': () =>
        jsonResponse({ ...helplineWords, lang: 'ms', title: 'Hubungi kami' }),
      'GET /api/settings': () =>
        jsonResponse({
          ...settingsFixture,
          helpline: {
            phone: '088-000 000',
            email: 'helpline@example.com',
            address: null,
            opening_hours: [{ days: [1, 2, 3, 4, 5], opens: '08:00', closes: '17:00' }],
          },
        }),
    });
    renderApp('/helpline');
    const portal = (await screen.findByRole('heading', { name: 'Talian bantuan portal' }))
      .parentElement!;
    expect(await within(portal).findByRole('link', { name: '088-000 000' })).toBeTruthy();
    expect(within(portal).getByText('Isnin – Jumaat: 08:00 – 17:00')).toBeTruthy();
  });

  test('jumps to the reader’s own council, and each council’s contacts have their own address', async () => {
    stubApi({ 'GET /api/content?page=helpline&lang=ms': () => jsonResponse(helplineWords) });
    renderApp('/helpline');
    const picker = await screen.findByRole('combobox', { name: 'Pergi ke PBT anda' });
    await screen.findByRole('option', { name: 'Majlis Daerah Kuala Penyu' });
    fireEvent.change(picker, { target: { value: 'mdkp' } });

    const kualaPenyu = screen.getByRole('heading', { level: 3, name: 'Majlis Daerah Kuala Penyu' });
    await waitFor(() => expect(document.activeElement).toBe(kualaPenyu));
    expect(shownAddress().search).toBe('?council=mdkp');
  });

  test('opened at a council’s address, it goes to that council', async () => {
    stubApi({ 'GET /api/content?page=helpline&lang=ms': () => jsonResponse(helplineWords) });
    renderApp('/helpline?council=mps');
    const sandakan = await screen.findByRole('heading', {
      level: 3,
      name: 'Majlis Perbandaran Sandakan',
    });
    await waitFor(() => expect(document.activeElement).toBe(sandakan));
    expect(
      (screen.getByRole('combobox', { name: 'Pergi ke PBT anda' }) as HTMLSelectElement).value,
    ).toBe('mps');
  });
});
