import type { LicenceRecord } from '@portal/domain/licence-records';
import { licenceKinds, type LicenceKind } from '@portal/domain/licences';
import { wordsFor } from '@portal/domain/words/words';
import { describe, expect, test } from 'vitest';
import { imageSizesOf, pageCount, textOf } from '../../test/pdf-text';
import { pngOf } from '../../test/test-images';
import { renderLicencePdf, type PrintableLicence } from './licence-pdf';

/** A licence of a kind with what its kind prints: a stall, a plate, units or an area. */
function licenceOf(kind: LicenceKind, more: Partial<LicenceRecord> = {}): PrintableLicence {
  return {
    council: { code: 'mps', name: 'Majlis Perbandaran Sandakan' },
    licenceNo: 'LO-2026-001001',
    checkUrl: 'https://bayar.example.my/#/license/detail/LO-2026-001001?council=mps',
    record: {
      kind,
      category: kind === 'operasi' || kind === 'iklan' ? 'operating' : 'trading',
      reference: 'MPS/LSN/2026/001001',
      business_name: 'Kedai Kopi Sandakan',
      business_type: 'Premis perniagaan',
      business_category: 'Perniagaan am',
      location: 'Jalan Utama, Sandakan',
      location_code: 'MPS-253',
      monthly_fee_sen: 7500,
      owners: [
        { name: 'Jainal bin Sulaiman', ic: '841208127708' },
        { name: 'Tan Mei Ling', ic: '900101125678' },
      ],
      valid_from: '2026-01-01',
      valid_until: '2027-12-31',
      ...(kind === 'operasi' && { lesen_print: 3, area: '237 m²' }),
      ...(kind === 'pasar' && { stall_no: 'G21', hours: 'market' as const }),
      ...(kind === 'penjaja' && { vehicle_plate: 'SA 1234 B' }),
      ...(kind === 'iklan' && { unit_kind: 'Papan iklan', unit_count: 2 }),
      ...more,
    },
  };
}

const printedOn = new Date('2026-11-25T02:00:00Z');
const render = (licence: PrintableLicence, lang: 'ms' | 'en' | 'zh' = 'ms') =>
  renderLicencePdf(licence, lang, { compress: false, printedOn });

/** The pictures a PDF draws (each with its transparency mask): here the barcode and the QR code. */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/SMask \d+ 0 R/g)?.length ?? 0;

describe('the printed licence', () => {
  test.each(licenceKinds)(
    'a %s licence prints its title, number, validity, owners with their IC, its own fields, barcode and QR code',
    async (kind) => {
      const licence = licenceOf(kind);
      const pdf = await render(licence);
      const text = textOf(pdf);
      const t = wordsFor('ms');
      expect(pageCount(pdf)).toBe(1);
      expect(text).toContain(t(`licencePdf.kind.${kind}`));
      expect(text).toContain('LO-2026-001001');
      expect(text).toContain('1 Januari 2026');
      expect(text).toContain('31 Disember 2027');
      expect(text).toContain('Kedai Kopi Sandakan');
      // Nobody proved an owner's number here: every one is masked.
      expect(text).toContain('********7708');
      expect(text).not.toContain('841208127708');
      expect(text).toContain('********5678');
      expect(text).toContain(licence.checkUrl);
      expect(imageCount(pdf)).toBe(2);
      const own = {
        operasi: '237 m²',
        pasar: 'G21',
        penjaja: 'SA 1234 B',
        iklan: '2 × Papan iklan',
      };
      if (kind in own) expect(text).toContain(own[kind as keyof typeof own]);
    },
  );

  test("the owner who gave their number sees it in full; co-owners' numbers are masked, each under its type", async () => {
    const plain = licenceOf('pasar');
    const text = textOf(
      await render(
        {
          ...plain,
          record: {
            ...plain.record,
            owners: [
              ...plain.record.owners,
              { name: 'Rahul Kumar', ic: 'K12345678', id_type: 'passport_id' },
            ],
          },
          proven: { type: 'passport_id', number: 'K12345678' },
        },
        'en',
      ),
    );
    expect(text).toContain('K12345678');
    expect(text).toContain('Passport No.');
    expect(text).toContain('********7708');
    expect(text).toContain('********5678');
    expect(text).not.toContain('841208127708');
    expect(text).not.toContain('900101125678');
  });

  test('an operating licence prints the hours its business type must keep, and no template number', async () => {
    const pub = textOf(
      await render(
        licenceOf('operasi', { business_type: 'Pub', hours: 'night_entertainment' }),
        'en',
      ),
    );
    // The template (lesen_print 3) decides the layout; it is no words for the reader.
    expect(pub).not.toContain('Template');
    expect(pub).toContain(
      'No operation before 6 pm, nor after 1 am on weekdays or 2 am on weekends',
    );
    const billiard = textOf(
      await render(
        licenceOf('operasi', { business_type: 'Pusat biliard', hours: 'amusement', capacity: 60 }),
        'en',
      ),
    );
    expect(billiard).toContain('No operation before 9 am nor after 11 pm.');
    expect(billiard).toContain('Capacity: 60 people.');
    expect(textOf(await render(licenceOf('pasar'), 'en'))).toContain('Market hours: all day.');
  });

  test("a licence prints its council's logo and its premises picture when the council has them", async () => {
    // The fullest template: hours to keep, notes and two owners; still one page with its pictures.
    const plain = licenceOf('operasi', {
      business_type: 'Pub',
      hours: 'night_entertainment',
      notes: 'Premis ditutup pada hari Jumaat. '.repeat(3),
    });
    const pictured = await render({
      ...plain,
      council: { ...plain.council, logo: pngOf(30, 36) },
      picture: pngOf(64, 40),
    });
    expect(imageSizesOf(pictured)).toEqual(expect.arrayContaining(['30x36', '64x40']));
    expect(textOf(pictured)).toContain(wordsFor('ms')('licencePdf.premisesPicture').toUpperCase());
    expect(pageCount(pictured)).toBe(1);
    const drawn = await render(plain);
    expect(imageSizesOf(drawn)).not.toContain('30x36');
    expect(textOf(drawn)).not.toContain(wordsFor('ms')('licencePdf.premisesPicture').toUpperCase());
  });

  test('the licence prints in Chinese for a reader of Chinese', async () => {
    const text = textOf(await render(licenceOf('niaga'), 'zh'));
    expect(text).toContain('贸易执照');
    expect(text).toContain('2027年12月31日');
  });
});
