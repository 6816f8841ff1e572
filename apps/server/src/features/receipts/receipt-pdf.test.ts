import type { Language } from '@portal/domain/languages';
import type { PaymentStatus } from '@portal/domain/payment-status';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { describe, expect, test } from 'vitest';
import { sampleAssessmentLine, sampleReceipt } from '../../test/receipt-fixture';
import { renderReceiptPdf } from './receipt-pdf';
import { imageSizesOf, linesOf, pageCount, textOf } from '../../test/pdf-text';
import { pngOf } from '../../test/test-images';

const assessment = sampleAssessmentLine;
const receipt = sampleReceipt;

const unpaid = (status: PaymentStatus): Receipt => ({
  ...receipt,
  status,
  paid_at: null,
  card: { ...receipt.card, auth_code: null, trans_id: null },
  failure_reason: status === 'failed' ? 'Kad ditolak oleh bank' : null,
});

const render = (r: Receipt, lang: Language = 'ms') =>
  renderReceiptPdf(r, lang, { compress: false });

describe('the PDF receipt', () => {
  test('A payer gets a one-page PDF with the reference, date, payer, card, each line and the total', async () => {
    const pdf = await render(receipt);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pageCount(pdf)).toBe(1);

    const text = textOf(pdf);
    expect(text).toContain('RESIT RASMI');
    expect(text).toContain('A10-20261122-000123');
    expect(text).toContain('22 November 2026 pada 2:12 PTG');
    expect(text).toContain('Berjaya');
    expect(text).toContain('Nurul Aisyah binti Abdullah');
    expect(text).toContain('Visa 4111 11•• •••• 1111');
    expect(text).toContain('083921');
    expect(text).toContain('RM 1,278.99');
    for (const item of receipt.items) expect(text).toContain(item.account_no);
    expect(text).toContain('845.50');
    expect(text).toContain('Dibayar hingga: Suku ke-4 2026');
    expect(text).toContain('Imbas untuk semak keaslian resit ini');
    expect(text).not.toContain('BELUM DIBAYAR');
  });

  test('The header names every council of a payment split across several, each with its crest', async () => {
    const split: Receipt = {
      ...receipt,
      items: [
        ...receipt.items,
        { ...assessment, council: 'lbk', council_name: 'Lembaga Bandaran Kudat' },
      ],
    };
    const text = textOf(await render(split));
    // Above the title: the letterhead, not only the lines below.
    const letterhead = text.slice(0, text.indexOf('RESIT RASMI'));
    for (const initials of ['MPS', 'MPT', 'LBK']) expect(letterhead).toContain(initials);
    for (const name of [
      'Majlis Perbandaran Sandakan',
      'Majlis Perbandaran Tawau',
      'Lembaga Bandaran Kudat',
    ]) {
      expect(letterhead).toContain(name);
    }
  });

  test("The header shows each council's logo when it has one", async () => {
    const councilLogos = new Map([
      ['mps', pngOf(30, 36)],
      ['mpt', pngOf(32, 38)],
    ]);
    const pdf = await renderReceiptPdf(receipt, 'ms', { compress: false, councilLogos });
    expect(imageSizesOf(pdf)).toEqual(expect.arrayContaining(['30x36', '32x38']));
    expect(imageSizesOf(await render(receipt))).not.toContain('30x36');
  });

  test('Its labels are the words of the receipt on screen', async () => {
    const text = textOf(await render(receipt));
    for (const label of ['Kod kelulusan', 'Nombor rujukan', 'Tarikh bayaran', 'Nombor akaun']) {
      expect(text).toContain(label);
    }
    expect(text).not.toContain('Kod Kelulusan');
  });

  test('The PDF is titled with the reference', async () => {
    expect((await render(receipt)).toString('latin1')).toContain(
      '(Resit Rasmi A10-20261122-000123)',
    );
  });

  test.each<PaymentStatus>(['created', 'in_progress', 'failed', 'cancelled', 'expired'])(
    'A %s payment is marked NOT PAID so it cannot pass as proof of payment',
    async (status) => {
      const text = textOf(await render(unpaid(status)));
      expect(text).toContain('BELUM DIBAYAR');
      expect(text).toContain('Resit ini bukan bukti pembayaran');
      expect(text).toContain('Tarikh Dicipta');
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
    expect(text).toContain(`Halaman ${pages}/${pages}`);
  });

  test('A payer reading Chinese gets the receipt in Chinese, dates and quarters included', async () => {
    const text = textOf(await render(receipt, 'zh'));
    expect(text).toContain('正式收据');
    expect(text).toContain('成功');
    expect(text).toContain('2026年11月22日 下午2:12');
    expect(text).toContain('门牌税');
    expect(text).toContain('已付至：2026年第4季度');
    expect(text).toContain('扫描以核实此收据的真伪');
    expect(text).toContain('RM 1,278.99');
    expect(text).not.toContain('RESIT RASMI');
  });

  test('A reference, an account number or an e-mail address prints whole on one line, in Chinese too', async () => {
    const long: Receipt = {
      ...receipt,
      reference: 'A10-20261127-000123-K7Q2ZX',
      payer: { ...receipt.payer, email: 'nurul.aisyah.abdullah@pejabat-daerah.example.com' },
      items: [{ ...assessment, account_no: 'PB/2026/000201-A' }],
    };
    for (const lang of ['zh', 'ms'] as const) {
      const lines = linesOf(await render(long, lang));
      expect(lines).toContain('A10-20261127-000123-K7Q2ZX');
      expect(lines).toContain('nurul.aisyah.abdullah@pejabat-daerah.example.com');
      expect(lines).toContain('PB/2026/000201-A');
    }
  });

  test('A payer reading English gets the receipt in English', async () => {
    const text = textOf(await render(unpaid('expired'), 'en'));
    expect(text).toContain('OFFICIAL RECEIPT');
    expect(text).toContain('NOT PAID');
    expect(text).toContain('This receipt is not proof of payment');
    expect(text).toContain('Expired');
    expect(text).toContain('Assessment tax');
    expect(text).toContain('Paid until: Q4 2026');
  });

  test('Names print as typed; a letter the font lacks loses its accent, never prints as a box', async () => {
    const pdf = await render({
      ...receipt,
      payer: { ...receipt.payer, full_name: 'Tan 陈大文 Zofia Wąs Ängström 🙂' },
    });
    expect(textOf(pdf)).toContain('Tan 陈大文 Zofia Was Ängström ?');
  });

  test('Only the glyphs a receipt uses are embedded, so the file stays small', async () => {
    const compressed = await renderReceiptPdf(receipt, 'zh');
    expect(compressed.length).toBeLessThan(150_000);
  });

  test('Compression is on unless turned off', async () => {
    const compressed = await renderReceiptPdf(receipt, 'ms');
    expect(compressed.subarray(0, 4).toString()).toBe('%PDF');
    expect(textOf(compressed)).not.toContain('A10-20261122-000123');
  });
});
