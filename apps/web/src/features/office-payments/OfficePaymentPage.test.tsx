import type { OfficePayment } from '@portal/domain/contracts/office-payments';
import { officePaymentPath } from '@portal/domain/web-paths';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { stubOffice } from '../../test/portal-fixtures';
import { renderApp } from '../../test/render-app';

const reference = 'A10-20261125-000042-K3M9QX';

const payment: OfficePayment = {
  reference,
  created_at: '2026-11-25T04:00:00.000Z',
  paid_at: null,
  status: 'cancelled',
  review_reason: null,
  amount: 3000,
  payment_method: 'card',
  payment_channel: null,
  payer_name: 'Siti Aminah binti Ahmad',
  payer_email: 'siti@example.com',
  councils: ['mps'],
  payer_phone: '012-345 6789',
  failure_reason: 'cancelled_by_payer',
  gateway_trans_id: null,
  review_trans_id: null,
  card_masked: null,
  card_bank: null,
  lines: [],
  events: [
    {
      received_at: '2026-11-25T04:01:00.000Z',
      source: 'callback',
      outcome: 'duplicate',
      note: 'late_approval',
    },
    {
      received_at: '2026-11-25T04:02:00.000Z',
      source: 'office',
      outcome: 'rejected',
      note: 'Forged callback: no such transaction',
    },
  ],
  mails: [
    {
      kind: 'receipt',
      recipient: 'siti@example.com',
      status: 'outbox',
      created_at: '2026-11-25T04:03:00.000Z',
      sent_at: null,
    },
  ],
  refunds: [],
};

// The first office screen a suite opens fetches the office's code and words: seconds on a busy machine.
test(
  'gateway messages and e-mails are told in words, each code kept in its title',
  { timeout: 15_000 },
  async () => {
    stubOffice('officer', { [`/api/office/payments/${reference}`]: payment });
    renderApp(officePaymentPath(reference));
    const callback = await screen.findByText('Panggilan balik gerbang');
    expect(callback.getAttribute('title')).toBe('callback');
    const events = callback.closest('table')!;
    within(events).getByText('Sudah diketahui: tiada perubahan');
    within(events).getByText('Diluluskan selepas portal menutup bayaran');
    within(events).getByText('Keputusan pegawai');
    within(events).getByText('Tanda ditolak');
    // An officer's own reason stays as they wrote it.
    within(events).getByText('Forged callback: no such transaction');
    const receipt = screen.getByText('Resit');
    expect(receipt.getAttribute('title')).toBe('receipt');
    within(receipt.closest('tr')!).getByText('Disimpan dalam peti keluar tempatan (tiada SMTP)');
    screen.getByText('Dibatalkan oleh pembayar');
    expect(
      screen.queryByText(/^(callback|duplicate|late_approval|outbox|cancelled_by_payer)$/),
    ).toBeNull();
  },
);

test(
  'a payment by e-wallet names its method and wallet, and no card',
  { timeout: 15_000 },
  async () => {
    stubOffice('officer', {
      [`/api/office/payments/${reference}`]: {
        ...payment,
        status: 'successful',
        paid_at: '2026-11-25T04:05:00.000Z',
        failure_reason: null,
        payment_method: 'ewallet',
        payment_channel: "Touch 'n Go eWallet",
      } satisfies OfficePayment,
    });
    renderApp(officePaymentPath(reference));
    const details = (await screen.findByText('Cara bayaran')).closest('dl')!;
    const fact = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    expect(fact('Cara bayaran')).toBe('E-dompet');
    expect(fact('Bank atau e-dompet')).toBe("Touch 'n Go eWallet");
    expect(within(details).queryByText('Kad')).toBeNull();
  },
);
