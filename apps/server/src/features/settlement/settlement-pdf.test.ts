import type { SettlementReport } from '@portal/domain/contracts/settlement';
import { describe, expect, test } from 'vitest';
import { pageCount, textOf } from '../../test/pdf-text';
import { printedSignature, renderSettlementPdf, settlementSignature } from './settlement-pdf';

const report: SettlementReport = {
  council: 'mps',
  day: '2026-11-25',
  lines: [
    {
      reference: 'A10-20261125-000001-K3M9QX',
      entry: 'payment',
      posted_at: '2026-11-25T02:10:00Z',
      payment_type: 'compound',
      account_no: 'KP01-001005',
      description: 'Berniaga tanpa lesen',
      amount: 40_000,
      payment_method: 'online_banking',
      payment_channel: 'Maybank2u',
    },
    {
      reference: 'A10-20261125-000001-K3M9QX',
      entry: 'refund',
      posted_at: '2026-11-25T05:30:00Z',
      payment_type: 'compound',
      account_no: 'KP01-001005',
      description: 'Berniaga tanpa lesen',
      amount: -15_000,
      payment_method: 'online_banking',
      payment_channel: 'Maybank2u',
    },
  ],
  count: 2,
  total: 25_000,
};

describe('the signed settlement PDF', () => {
  test('lists each line, refunds marked, the total and the portal’s signature', async () => {
    const signature = settlementSignature('a key only the portal holds, 32+', report);
    const pdf = await renderSettlementPdf(report, signature, 'ms', { compress: false });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pageCount(pdf)).toBe(1);
    const text = textOf(pdf);
    expect(text).toContain('Penyelesaian harian, 25 November 2026');
    expect(text).toContain('A10-20261125-000001-K3M9QX');
    expect(text).toContain('Bayaran balik: Berniaga tanpa lesen');
    expect(text).toContain('-150.00');
    expect(text).toContain('RM 250.00');
    expect(text).toContain(printedSignature(signature));
  });

  test('the signature is the same for the same day, and another for any change or another key', () => {
    const key = 'a key only the portal holds, 32+';
    const signature = settlementSignature(key, report);
    expect(signature).toMatch(/^[A-Z2-7]{32}$/);
    expect(settlementSignature(key, { ...report })).toBe(signature);
    const altered = {
      ...report,
      lines: [report.lines[0]!, { ...report.lines[1]!, amount: -1_500 }],
    };
    expect(settlementSignature(key, altered)).not.toBe(signature);
    expect(settlementSignature(key, { ...report, council: 'mpt' })).not.toBe(signature);
    expect(settlementSignature('another key of 32 characters ok', report)).not.toBe(signature);
  });
});
