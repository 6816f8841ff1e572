import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DigitalLicence } from '@portal/domain/contracts/licences';
import { describe, expect, test, vi } from 'vitest';
import { bodiesSentTo, stubApi, userFixture } from '../../test/portal-fixtures';
import { storeSessionUser } from '../../shared/session';
import { jsonResponse, renderApp } from '../../test/render-app';

const kept: DigitalLicence = {
  council: 'mps',
  council_name: 'Majlis Perbandaran Sandakan',
  council_logo: null,
  licence_no: 'LO-2026-001001',
  category: 'operating',
  kind: 'operasi',
  status: 'active',
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  valid_today: true,
  business_name: 'Kedai Kopi Sandakan',
  location: 'Jalan Utama, Sandakan',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

describe('the digital licences', () => {
  test('asks a visitor to log in', async () => {
    stubApi();
    renderApp('/digital_license');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesen Digital' })).toBeTruthy();
    expect(await screen.findByText('Sila log masuk')).toBeTruthy();
  });

  test('shows each kept licence as a card with its QR code, and adds one by number and IC', async () => {
    const fetch = stubApi({
      'GET /api/licences/mine': () => jsonResponse({ licences: [kept] }),
      'POST /api/licences/mine': () => jsonResponse(kept),
      'POST /api/licences/print': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:licence'),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/digital_license', { user: userFixture });
    expect(await screen.findByRole('heading', { name: 'LO-2026-001001' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Kod QR untuk menyemak lesen LO-2026-001001' }),
    ).toBeTruthy();
    expect(screen.getByText('Sah hingga 31 Disember 2026')).toBeTruthy();
    // Its holder prints it without an IC number.
    fireEvent.click(screen.getByRole('button', { name: 'Cetak lesen (PDF)' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetch, '/api/licences/print')).toEqual([
        { council: 'mps', category: 'operating', licence_no: 'LO-2026-001001' },
      ]),
    );

    fireEvent.change(
      await screen.findByRole('combobox', { name: 'Pihak berkuasa tempatan (PBT)' }),
      {
        target: { value: 'mps' },
      },
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombor lesen' }), {
      target: { value: 'LO-2026-001001' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'No. MyKad' }), {
      target: { value: '841208127708' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ke lesen digital' }));
    expect(
      await screen.findByText('LO-2026-001001 telah ditambah ke lesen digital anda'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/licences/mine').filter(Boolean)).toEqual([
      {
        council: 'mps',
        category: 'operating',
        licence_no: 'LO2026001001',
        id_type: 'new_id',
        id_no: '841208127708',
      },
    ]);
  });

  const keptHere = (email: string) =>
    window.localStorage.setItem(
      'account:digital-licences',
      JSON.stringify({ email, saved_at: '2026-11-24T02:00:00Z', licences: [kept] }),
    );
  const savedNotice = /Tiada sambungan: dipaparkan seperti disimpan pada 24 November 2026/;

  test('when the list cannot be loaded, the last list loaded is shown with when it was saved', async () => {
    keptHere(userFixture.email);
    stubApi({ 'GET /api/licences/mine': () => Promise.reject(new TypeError('offline')) });
    renderApp('/digital_license', { user: userFixture });
    expect(await screen.findByRole('heading', { name: 'LO-2026-001001' })).toBeTruthy();
    expect(screen.getByText(savedNotice)).toBeTruthy();
  });

  test('opened without a connection, the list kept here is shown though no one can log in', async () => {
    keptHere(userFixture.email);
    stubApi({ 'GET /api/auth/session': () => Promise.reject(new TypeError('offline')) });
    renderApp('/digital_license', { user: 'ask' });
    expect(await screen.findByRole('heading', { name: 'LO-2026-001001' })).toBeTruthy();
    expect(screen.getByText(savedNotice)).toBeTruthy();
    expect(screen.queryByText('Sila log masuk')).toBeNull();
    // Nor does the header say they are logged out.
    expect(screen.queryByRole('button', { name: 'Log masuk' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Daftar' })).toBeNull();
  });

  test('opened without a connection and nothing kept, it says the portal cannot be reached', async () => {
    stubApi({ 'GET /api/auth/session': () => Promise.reject(new TypeError('offline')) });
    renderApp('/digital_license', { user: 'ask' });
    expect(await screen.findByText(/Perkhidmatan tidak dapat dihubungi sekarang/)).toBeTruthy();
  });

  test("another user's list is never shown, and it goes when its holder logs out", async () => {
    keptHere('someone.else@example.com');
    const fetch = stubApi({
      'GET /api/licences/mine': () => Promise.reject(new TypeError('offline')),
    });
    const { queryClient } = renderApp('/digital_license', { user: userFixture });
    await waitFor(() => expect(bodiesSentTo(fetch, '/api/licences/mine')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'LO-2026-001001' })).toBeNull();

    keptHere(userFixture.email);
    act(() => storeSessionUser(queryClient, null));
    expect(window.localStorage.getItem('account:digital-licences')).toBeNull();
  });
});
