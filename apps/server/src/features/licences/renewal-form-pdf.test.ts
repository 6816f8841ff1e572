import { formatRinggit } from '@portal/domain/money';
import { describe, expect, test } from 'vitest';
import { textOf } from '../../test/pdf-text';
import { renderRenewalFormPdf, type RenewalFormLicence } from './renewal-form-pdf';

const licence: Omit<RenewalFormLicence, 'renewal'> = {
  council: { code: 'mps', name: 'Majlis Perbandaran Sandakan' },
  licenceNo: 'LP-2026-001002',
  record: {
    kind: 'pasar',
    category: 'trading',
    reference: 'MPS/LSN/2026/001002',
    business_name: 'Restoran Sandakan',
    business_type: 'Gerai pasar',
    business_category: 'Pasar awam',
    location: 'Jalan Pasar, Sandakan',
    stall_no: 'G21',
    monthly_fee_sen: 6700,
    owners: [{ name: 'Lim Siew Peng', ic: '950925127355' }],
    valid_from: '2025-01-01',
    valid_until: '2025-12-31',
  },
};
const printedOn = new Date('2026-11-25T02:00:00Z');

/** Renewable for this year at RM 804.00 and a RM 10.00 process fee, less `reductionSen`. */
const renewableThisYear = (reductionSen: number): RenewalFormLicence['renewal'] => ({
  renewable: true,
  options: [
    {
      period: 'this_year',
      valid_from: '2026-01-01',
      valid_until: '2026-12-31',
      months: 12,
      licence_fee_sen: 80_400,
      process_fee_sen: 1000,
      reduction_sen: reductionSen,
      amount_sen: 81_400 - reductionSen,
    },
  ],
});

describe('the renewal form', () => {
  test("is filled in with the licence, its owners and today's renewal prices, for the holder to sign", async () => {
    const text = textOf(
      await renderRenewalFormPdf(
        {
          ...licence,
          renewal: renewableThisYear(0),
        },
        'en',
        { compress: false, printedOn },
      ),
    );
    expect(text).toContain('LICENCE RENEWAL APPLICATION FORM');
    expect(text).toContain('LP-2026-001002');
    expect(text).toContain('********7355');
    expect(text).toContain('1 January 2026 – 31 December 2026');
    expect(text).toContain(formatRinggit(81_400));
    expect(text).toContain("Owner's signature");
  });

  test('a reduction in force today is printed by name with what it takes off', async () => {
    const text = textOf(
      await renderRenewalFormPdf(
        {
          ...licence,
          renewal: renewableThisYear(16_080),
          reductionName: { ms: 'Pengurangan 20%', en: 'Year-end 20% reduction', zh: '年终减免' },
        },
        'en',
        { compress: false, printedOn },
      ),
    );
    expect(text).toContain(`− ${formatRinggit(16_080)} (Year-end 20% reduction)`);
    expect(text).toContain(formatRinggit(65_320));
  });

  test('a licence that may not renew says so on its form, in Malay by default', async () => {
    const text = textOf(
      await renderRenewalFormPdf(
        { ...licence, renewal: { renewable: false, reason: 'license_status_not_allowed' } },
        'ms',
        { compress: false, printedOn },
      ),
    );
    expect(text).toContain('BORANG PERMOHONAN PEMBAHARUAN LESEN');
    expect(text).toContain('Status lesen ini tidak dibenarkan untuk diteruskan.');
  });
});
