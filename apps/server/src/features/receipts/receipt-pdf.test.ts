import type { PaymentStatus } from '@portal/domain/payment-status';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { describe, expect, test } from 'vitest';
import { sampleAssessmentLine, sampleReceipt } from '../../test/receipt-fixture';
import { renderReceiptPdf } from './receipt-pdf';

const assessment = sampleAssessmentLine;
const receipt = sampleReceipt;

const unpaid = (status: PaymentStatus): Receipt => ({
  ...receipt,
  status,
  paid_at: null,
  card: { ...receipt.card, auth_code: null, trans_id: null },
  failure_reason: status === 'failed' ? 'Kad ditolak oleh bank' : null,
});

/**
 * pdfkit writes each line of text as hex strings in a TJ array, readable once uncompressed. The
 * lines are joined without a break, so a value wrapped over two lines still reads whole.
 */
function textOf(pdf: Buffer): string {
  const lines = [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map(([, array = '']) =>
    [...array.matchAll(/<([0-9a-f]*)>/g)]
      // The standard fonts' encoding is Latin-1 but for marks such as the bullet, 0x95.
      .map(([, hex = '']) => Buffer.from(hex, 'hex').toString('latin1').replaceAll('\x95', '•'))
      .join(''),
  );
  return lines.join('');
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

const render = (r: Receipt) => renderReceiptPdf(r, { compress: false });

describe('the PDF receipt', () => {
  test('A payer gets a one-page PDF with the reference, date, payer, card, each line and the total', async () => {
    const pdf = await render(receipt);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pageCount(pdf)).toBe(1);

    const text = textOf(pdf);
    expect(text).toContain('RESIT RASMI / OFFICIAL RECEIPT');
    expect(text).toContain('A10-20261122-000123');
    expect(text).toContain('22 November 2026 pada 2:12 PTG');
    expect(text).toContain('Berjaya / Successful');
    expect(text).toContain('Nurul Aisyah binti Abdullah');
    expect(text).toContain('Visa 4111 11•• •••• 1111');
    expect(text).toContain('083921');
    expect(text).toContain('RM 1,278.99');
    for (const item of receipt.items) expect(text).toContain(item.account_no);
    expect(text).toContain('845.50');
    expect(text).toContain('Dibayar hingga / Paid until: Suku ke-4 2026 / Q4 2026');
    expect(text).toContain('Imbas untuk semak keaslian / Scan to check this receipt is genuine');
    expect(text).not.toContain('NOT PAID');
  });

  test('The header shows the first council with its initials on the crest', async () => {
    const text = textOf(await render(receipt));
    expect(text).toContain('MPS');
    expect(text).toContain('Majlis Perbandaran Sandakan');
  });

  test('The PDF is titled with the reference', async () => {
    expect((await render(receipt)).toString('latin1')).toContain(
      '(Resit Rasmi / Official Receipt A10-20261122-000123)',
    );
  });

  test.each<PaymentStatus>(['created', 'in_progress', 'failed', 'cancelled', 'expired'])(
    'A %s payment is marked NOT PAID so it cannot pass as proof of payment',
    async (status) => {
      const text = textOf(await render(unpaid(status)));
      expect(text).toContain('BELUM DIBAYAR / NOT PAID');
      expect(text).toContain('Resit ini bukan bukti pembayaran');
      expect(text).toContain('Tarikh Dicipta / Date Created');
      expect(text).toContain('22 November 2026 pada 2:10 PTG');
    },
  );

  test('A failed payment says why', async () => {
    expect(textOf(await render(unpaid('failed')))).toContain('Kad ditolak oleh bank');
  });

  test('Forty lines flow onto further pages, each page numbered', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({
      ...assessment,
      account_no: `A0100${String(i).padStart(4, '0')}`,
    }));
    const pdf = await render({ ...receipt, items, amount: 40 * assessment.amount });
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);

    const text = textOf(pdf);
    for (const item of items) expect(text).toContain(item.account_no);
    expect(text).toContain('RM 33,820.00');
    expect(text).toContain(`Halaman / Page ${pages}/${pages}`);
  });

  test('Text the standard fonts cannot print is degraded, not garbled', async () => {
    const pdf = await render({
      ...receipt,
      payer: { ...receipt.payer, full_name: 'Tan 陈大文 Zofia Wąs Ängström 🙂' },
    });
    expect(textOf(pdf)).toContain('Tan ??? Zofia Was Ängström ?');
  });

  test('Compression is on unless turned off', async () => {
    const compressed = await renderReceiptPdf(receipt);
    expect(compressed.subarray(0, 4).toString()).toBe('%PDF');
    expect(textOf(compressed)).not.toContain('A10-20261122-000123');
  });
});
