import { languages } from '@portal/domain/languages';
import type { Receipt } from '@portal/domain/contracts/receipts';
import { describe, expect, test } from 'vitest';
import { sampleReceipt } from '../../test/receipt-fixture';
import { notApprovedEmail, receiptEmail } from './receipt-email';

const receipt = sampleReceipt;

describe('the receipt e-mail', () => {
  /** The payment date and the quarter paid until, written in each reader's language. */
  const written = {
    ms: { paidAt: '22 November 2026 pada 2:12 PTG', quarter: 'Suku ke-4 2026' },
    en: { paidAt: '22 November 2026 at 2:12 pm', quarter: 'Q4 2026' },
    zh: { paidAt: '2026年11月22日 下午2:12', quarter: '2026年第4季度' },
  };

  test.each(languages)(
    'A payer reading %s gets the reference, total, lines, date and check link',
    (lang) => {
      const email = receiptEmail(receipt, lang);
      expect(email.subject).toContain('A10-20261122-000123');
      for (const body of [email.text, email.html]) {
        expect(body).toContain('Nurul Aisyah binti Abdullah');
        expect(body).toContain('RM 1,278.99');
        expect(body).toContain(written[lang].paidAt);
        expect(body).toContain(receipt.check_url);
        for (const item of receipt.items) {
          expect(body).toContain(item.account_no);
          expect(body).toContain(item.council_name);
        }
        expect(body).toContain('RM 845.50');
        expect(body).toContain(written[lang].quarter);
      }
    },
  );

  test('The subject and greeting are in the chosen language', () => {
    expect(receiptEmail(receipt, 'ms').subject).toBe('Resit pembayaran A10-20261122-000123');
    expect(receiptEmail(receipt, 'en').subject).toBe('Payment receipt A10-20261122-000123');
    expect(receiptEmail(receipt, 'zh').subject).toBe('付款收据 A10-20261122-000123');
    expect(receiptEmail(receipt, 'en').text).toMatch(/^Dear Nurul Aisyah binti Abdullah,/);
    expect(receiptEmail(receipt, 'zh').text).toContain('门牌税');
  });

  test('The e-mail says the PDF receipt is attached', () => {
    expect(receiptEmail(receipt, 'en').text).toContain('attached to this e-mail as a PDF');
  });

  test('Names and descriptions cannot inject HTML', () => {
    const hostile: Receipt = {
      ...receipt,
      payer: { ...receipt.payer, full_name: '<script>alert("x")</script>' },
      items: [{ ...receipt.items[0]!, description: '<img src=x onerror=alert(1)> & "Lot" 5' }],
    };
    const { html, text } = receiptEmail(hostile, 'en');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Lot&quot; 5');
    expect(text).toContain('Dear <script>alert("x")</script>,');
  });

  test('An unpaid payment is not sent as a receipt and says it proves no payment', () => {
    const failed: Receipt = {
      ...receipt,
      status: 'failed',
      paid_at: null,
      failure_reason: 'Card declined',
    };
    const email = receiptEmail(failed, 'en');
    expect(email.subject).toBe('Payment status A10-20261122-000123');
    expect(email.text).toContain('not been completed (status: Failed)');
    expect(email.text).toContain('not proof of payment');
    expect(email.text).toContain('Date Created: 22 November 2026 at 2:10 pm');
    expect(email.html).toContain('Card declined');
  });
});

describe('the e-mail of a payment its bank did not approve', () => {
  const corporate: Receipt = {
    ...receipt,
    paid_at: null,
    method: 'corporate_banking',
    channel: 'Maybank2E',
    card: { brand: null, masked_number: null, bank: null, auth_code: null, trans_id: 'T000000178' },
  };

  test('says its time ran out, that nothing was taken, and that the bills can be paid again', () => {
    const email = notApprovedEmail({ ...corporate, status: 'expired' }, 'en');
    expect(email.subject).toBe('Payment not approved A10-20261122-000123');
    expect(email.text).toContain(
      "This payment of RM 1,278.99 waited for your bank's approval, but was not approved in time.",
    );
    expect(email.text).toContain('No money was taken for this payment');
    expect(email.text).toContain('Payment method: Corporate online banking (FPX) · Maybank2E');
    for (const item of receipt.items) expect(email.text).toContain(item.account_no);
  });

  test('a rejection says the bank did not approve it, in the payer’s language', () => {
    const email = notApprovedEmail({ ...corporate, status: 'failed' }, 'ms');
    expect(email.subject).toBe('Bayaran tidak diluluskan A10-20261122-000123');
    expect(email.text).toContain('Bank anda tidak meluluskan bayaran RM 1,278.99 ini.');
    expect(email.html).toContain('Maybank2E');
  });
});
