import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../cart';
import { activeLicence, bodiesSentTo, stubApi } from '../../test/portal-fixtures';
import { findScreen, jsonResponse, renderApp } from '../../test/render-app';

async function openLicences(address = '/license?council=mps') {
  renderApp(address);
  await findScreen('Carian dan Pembaharuan Lesen');
  await screen.findByRole('option', { name: 'Majlis Perbandaran Sandakan' });
}

function search(number: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
}

describe('the licence page', () => {
  test('finds an operating licence, shows it valid today, and puts its renewal in the cart', async () => {
    const fetch = stubApi({ 'POST /api/licences/find': () => jsonResponse(activeLicence) });
    await openLicences();
    search('lo-2026-001001');
    const card = (await screen.findByRole('heading', { name: 'LO-2026-001001' })).closest(
      'article',
    )!;
    expect(bodiesSentTo(fetch, '/api/licences/find')).toEqual([
      { council: 'mps', category: 'operating', licence_no: 'LO2026001001' },
    ]);
    expect(within(card).getByText('Sah hari ini')).toBeTruthy();
    const picture = within(card).getByRole('img', { name: 'Gambar premis Kedai Kopi Sandakan' });
    expect(picture.getAttribute('src')).toBe(activeLicence.premises_picture);
    expect(card.querySelector(`img[src="${activeLicence.council_logo}"]`)).toBeTruthy();
    const option = within(card).getByRole('radio', { name: /Hingga 31 Disember 2027/ });
    expect((option as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Tambah pembaharuan ke troli' }));
    expect(await screen.findByText('LO-2026-001001 telah ditambah ke troli anda')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([
      expect.objectContaining({
        council: 'mps',
        payment_type: 'license',
        account_no: 'LO-2026-001001',
        amount: 91_000,
        renewal: { period: 'next_year', valid_until: '2027-12-31' },
      }),
    ]);
    expect(within(card).getByRole('link', { name: 'Semak kesahihan lesen ini' })).toBeTruthy();
    // Heard in the reader's language, not as the council's code.
    expect(screen.getByText('Lesen LO-2026-001001 dijumpai: Aktif.')).toBeTruthy();
    // Renewing needs no identity number: its button comes before the print form's field.
    const addButton = within(card).getByRole('button', { name: 'Tambah pembaharuan ke troli' });
    const idField = within(card).getByRole('textbox', { name: 'No. MyKad' });
    expect(addButton.compareDocumentPosition(idField) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  test("a number that matches no owner says so plainly; a co-owner's passport is chosen by its type", async () => {
    const fetch = stubApi({
      'POST /api/licences/find': () => jsonResponse(activeLicence),
      'POST /api/licences/print': () =>
        jsonResponse({ error: 'not_found', message: 'No licence matches' }, 404),
    });
    await openLicences();
    search('LO-2026-001001');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Dokumen pengenalan pemilik' }), {
      target: { value: 'passport_id' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'No. pasport' }), {
      target: { value: 'k1234 5678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cetak lesen (PDF)' }));
    expect(
      await screen.findByText(
        'Nombor ini tidak sepadan dengan mana-mana pemilik lesen ini. Semak jenis dokumen dan nombornya seperti yang direkodkan oleh PBT, atau hubungi jabatan lesen PBT.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Tidak Dijumpai!')).toBeNull();
    expect(bodiesSentTo(fetch, '/api/licences/print')).toEqual([
      expect.objectContaining({ id_type: 'passport_id', id_no: 'K12345678' }),
    ]);
  });

  test('a suspended licence says why it cannot renew and what to do, and offers no renewal form', async () => {
    stubApi({
      'POST /api/licences/find': () =>
        jsonResponse({
          ...activeLicence,
          status: 'suspended',
          valid_today: false,
          renewal: { renewable: false, reason: 'license_status_not_allowed' },
        }),
    });
    await openLicences();
    search('LO-2026-001005');
    expect(
      await screen.findByText(
        'Lesen ini berstatus Digantung: ia tidak boleh diperbaharui, dalam talian atau di kaunter, sehingga jabatan lesen PBT menyelesaikan statusnya. Hubungi mereka untuk mengetahui apa yang diperlukan.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Borang pembaharuan (PDF)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tambah pembaharuan ke troli' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'No. MyKad' })).toBeNull();
  });

  test("prints a licence valid today with an owner's IC number, and says why when it cannot", async () => {
    let printable = true;
    const fetch = stubApi({
      'POST /api/licences/find': () => jsonResponse(activeLicence),
      'POST /api/licences/print': () =>
        printable
          ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })
          : jsonResponse({ error: 'license_not_printable', message: 'not paid' }, 409),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:licence'),
        revokeObjectURL: vi.fn(),
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await openLicences();
    search('LO-2026-001001');
    const ic = await screen.findByRole('textbox', { name: 'No. MyKad' });
    const print = screen.getByRole('button', { name: 'Cetak lesen (PDF)' });
    fireEvent.click(print);
    expect(await screen.findByText('No. MyKad diperlukan.')).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/licences/print')).toEqual([]);

    fireEvent.change(ic, { target: { value: '841208-12-7708' } });
    fireEvent.click(print);
    expect(await screen.findByText('Lesen LO-2026-001001 sedia untuk dicetak.')).toBeTruthy();
    expect(saved).toEqual(['licence-LO-2026-001001.pdf']);
    expect(bodiesSentTo(fetch, '/api/licences/print')).toEqual([
      {
        council: 'mps',
        category: 'operating',
        licence_no: 'LO-2026-001001',
        id_type: 'new_id',
        id_no: '841208127708',
      },
    ]);

    printable = false;
    fireEvent.click(print);
    expect(
      await screen.findByText(
        'Lesen ini belum dibayar untuk tempoh semasa, jadi ia belum boleh dicetak.',
      ),
    ).toBeTruthy();
  });

  test('a licence that may not renew says why, and offers no renewal', async () => {
    stubApi({
      'POST /api/licences/find': () =>
        jsonResponse({
          ...activeLicence,
          status: 'active',
          valid_until: '2028-12-31',
          renewal: { renewable: false, reason: 'early_renewal_closed', opens_on: '2028-11-01' },
        }),
    });
    await openLicences('/license?council=mps&search=trading');
    search('LP-2026-001020');
    expect(
      await screen.findByText(
        'Pembaharuan awal ditutup buat masa ini. Ia dibuka pada 1 November 2028.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tambah pembaharuan ke troli' })).toBeNull();
    // Renewing at the counter instead: the form is filled in, whatever the licence's state.
    expect(screen.getByRole('button', { name: 'Borang pembaharuan (PDF)' })).toBeTruthy();
  });

  test('an unknown number is said where the licence would be; an empty one under its field', async () => {
    stubApi({
      'POST /api/licences/find': () =>
        jsonResponse({ error: 'not_found', message: 'No bill matches this search' }, 404),
    });
    await openLicences();
    search('  -  ');
    expect(await screen.findByText('No. Akaun / No. Lesen tidak sah')).toBeTruthy();
    search('LO-1999-000001');
    expect((await screen.findByText('Tidak Dijumpai!')).closest('[role="alert"]')).not.toBeNull();
  });

  test('an application shows its state, what to do next and its history, and links to its licence', async () => {
    const fetch = stubApi({
      'POST /api/licences/application': () =>
        jsonResponse({
          council: 'mps',
          reference: 'PL-2026-00103',
          kind: 'pasar',
          business_name: 'Restoran Sandakan',
          applicant_name: 'Raje******',
          status: 'approved_awaiting_payment',
          submitted_on: '2026-05-12',
          decided_on: '2026-07-03',
          licence_no: 'LP-2026-001009',
          note: null,
          history: [
            { status: 'received', on: '2026-05-12', note: null },
            { status: 'in_review', on: '2026-05-22', note: 'Lawatan tapak.' },
            { status: 'approved_awaiting_payment', on: '2026-07-03', note: null },
          ],
        }),
    });
    await openLicences('/license?council=mps&search=application');
    expect(screen.getByRole('textbox', { name: 'Nombor rujukan permohonan' })).toBeTruthy();
    search('pl-2026-00103');
    // The status, and the last step of its history.
    expect(await screen.findAllByText('Diluluskan, menunggu bayaran')).toHaveLength(2);
    expect(bodiesSentTo(fetch, '/api/licences/application')).toEqual([
      { council: 'mps', reference: 'PL202600103' },
    ]);
    expect(screen.getByRole('link', { name: 'Lihat lesen LP-2026-001009' })).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Sejarah permohonan' });
    const steps = [...history.querySelectorAll('li')].map((step) => step.textContent);
    expect(steps).toEqual([
      'Diterima12 Mei 2026',
      'Dalam semakan22 Mei 2026Lawatan tapak.',
      'Diluluskan, menunggu bayaran3 Julai 2026',
    ]);
    expect(history.querySelector('li:last-child')?.getAttribute('aria-current')).toBe('step');
  });
});

describe('the licence check page', () => {
  test('says VALID in large type for a valid licence, with nothing personal', async () => {
    stubApi({
      'GET /api/licences/verify?council=mps&licence_no=LO-2026-001001': () =>
        jsonResponse({
          council: 'mps',
          council_name: 'Majlis Perbandaran Sandakan',
          council_logo: '/api/images/logo',
          licence_no: 'LO-2026-001001',
          valid: true,
          status: 'active',
          valid_from: '2026-01-01',
          valid_until: '2026-12-31',
          business_name: 'Kedai Kopi Sandakan',
          location: 'Jalan Utama, Sandakan',
          checked_on: '2026-11-25',
        }),
    });
    renderApp('/license/detail/LO-2026-001001?council=mps');
    expect((await screen.findByText('SAH')).getAttribute('role')).toBe('status');
    expect(screen.getByText('31 Disember 2026')).toBeTruthy();
    expect(document.querySelector('img[src="/api/images/logo"]')).toBeTruthy();
  });

  test('an unknown licence gets one answer that reveals nothing', async () => {
    stubApi({
      'GET /api/licences/verify?council=mps&licence_no=LO-0': () =>
        jsonResponse({ error: 'not_found', message: 'No licence matches' }, 404),
    });
    renderApp('/license/detail/LO-0?council=mps');
    expect(await screen.findByText('Tiada lesen dengan nombor ini di PBT ini.')).toBeTruthy();
  });
});
