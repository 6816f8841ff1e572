import type { OfficeApplication } from '@portal/domain/contracts/licence-applications';
import { officePaths } from '@portal/domain/web-paths';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { councilsFixture, settingsFixture, staffSession } from '../../test/portal-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';

const application: OfficeApplication = {
  id: 7,
  council: 'mps',
  reference: 'PL-2026-00102',
  kind: 'operasi',
  business_name: 'Kedai Kopi Lim',
  applicant_name: 'Lim Mei Ling',
  status: 'in_review',
  submitted_on: '2026-04-11',
  decided_on: null,
  licence_no: null,
  note: null,
  history: [
    { status: 'received', on: '2026-04-11', note: null, by: 'api-key:1 Sistem' },
    { status: 'in_review', on: '2026-04-21', note: 'Lawatan tapak.', by: 'api-key:1 Sistem' },
  ],
};

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
describe('the licence applications screen', { timeout: 15_000 }, () => {
  test('an officer finds an application, is told an approval needs its licence number, and approves it', async () => {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://portal.test').pathname;
        if (init?.method === 'POST') sent.push({ path, body: JSON.parse(String(init.body)) });
        if (path === '/api/office/licence-applications/find') return jsonResponse(application);
        if (path === '/api/office/licence-applications/7/status') {
          return jsonResponse({
            ...application,
            status: 'approved',
            decided_on: '2026-11-25',
            licence_no: 'LO-2026-009102',
            history: [
              ...application.history,
              { status: 'approved', on: '2026-11-25', note: null, by: 'officer@staff.portal.test' },
            ],
          });
        }
        const answers: Record<string, unknown> = {
          '/api/office/session': staffSession('officer'),
          '/api/councils': councilsFixture,
          '/api/settings': settingsFixture,
        };
        return path in answers
          ? jsonResponse(answers[path])
          : jsonResponse({ error: 'not_found', message: 'no such route' }, 404);
      }),
    );
    renderApp(officePaths.applications);
    fireEvent.change(await screen.findByLabelText('Rujukan permohonan'), {
      target: { value: 'pl-2026-00102' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    await screen.findByRole('heading', { name: 'PL-2026-00102' });
    expect(sent[0]).toEqual({
      path: '/api/office/licence-applications/find',
      body: { council: 'mps', reference: 'PL202600102' },
    });
    expect(screen.getByRole('cell', { name: 'Lawatan tapak.' })).toBeTruthy();

    const status = screen.getByRole('combobox', { name: 'Status baharu' });
    // Its own status is not offered: moving to it would change nothing.
    expect(within(status).queryByRole('option', { name: 'Dalam semakan' })).toBeNull();
    fireEvent.change(status, { target: { value: 'approved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan status' }));
    const licence = screen.getByLabelText('No. lesen (apabila diluluskan)');
    await vi.waitFor(() => expect(licence.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toHaveLength(1);

    fireEvent.change(licence, { target: { value: 'LO-2026-009102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan status' }));
    await screen.findByText('Selesai: pemohon kini melihat status ini.');
    expect(sent[1]).toEqual({
      path: '/api/office/licence-applications/7/status',
      body: { status: 'approved', licence_no: 'LO-2026-009102', note: '' },
    });
    expect(screen.getByRole('cell', { name: 'officer@staff.portal.test' })).toBeTruthy();
  });
});
