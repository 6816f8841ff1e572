import type { AuditEntry } from '@portal/domain/contracts/audit';
import { officePaths } from '@portal/domain/web-paths';
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { stubOffice } from '../../test/portal-fixtures';
import { renderApp } from '../../test/render-app';

const entry = (action: AuditEntry['action'], detail: AuditEntry['detail']): AuditEntry => ({
  at: '2026-11-25T04:00:00.000Z',
  actor: 'finance.mps@staff.portal.test',
  action,
  council: 'mps',
  target: 'A10-20261125-000042-K3M9QX',
  reason: null,
  detail,
  ip: '10.0.0.7',
  request_id: null,
});

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
test(
  'an entry’s details are told in words, each code kept in its title',
  { timeout: 15_000 },
  async () => {
    const entries = [
      entry('login', { second_factor: 'app' }),
      entry('payment_requeried', {
        answer: 'paid',
        outcome: 'duplicate',
        status_before: 'successful',
      }),
      entry('refund_recorded', { amount_sen: 1250, gateway_refund_id: 'R-778' }),
    ];
    stubOffice('_admin', {
      '/api/office/audit': { entries, page: 1, page_size: 50, total: entries.length },
    });
    renderApp(officePaths.audit);
    const factor = await screen.findByText('Faktor kedua: Aplikasi pengesah');
    expect(factor.getAttribute('title')).toBe('second_factor: app');
    screen.getByText('Jawapan gerbang: Dibayar');
    screen.getByText('Hasil: Sudah diketahui: tiada perubahan');
    screen.getByText('Status sebelum: Berjaya');
    screen.getByText('Amaun: RM 12.50');
    screen.getByText('Rujukan bayaran balik gerbang: R-778');
    expect(screen.queryByText(/second_factor|duplicate/)).toBeNull();
  },
);
