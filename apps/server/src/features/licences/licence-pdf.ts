import { writtenDate } from '@portal/domain/display-filters';
import type { Language } from '@portal/domain/languages';
import type { LicenceRecord } from '@portal/domain/licences';
import { formatRinggit } from '@portal/domain/money';
import { wordsFor } from '@portal/domain/words/words';
import { toBuffer } from 'bwip-js/node';
import {
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSection,
  drawSectionTitle,
  drawVerification,
  fonts,
  left,
  openOfficialPdf,
  style,
  write,
  type Field,
} from '../../lib/official-pdf';

/** What a printed licence shows: its council, its number and status, and its record. */
export interface PrintableLicence {
  council: { code: string; name: string };
  licenceNo: string;
  record: LicenceRecord;
  /** The public check its QR code opens. */
  checkUrl: string;
}

/**
 * The printed licence of its kind (docs/licences.md), in the reader's language: the fields of its
 * template, the opening hours its business type must keep, a Code 128 barcode of its number and
 * a QR code to its live public check. The caller prints only a licence paid for today.
 */
export async function renderLicencePdf(
  licence: PrintableLicence,
  lang: Language,
  options: { compress?: boolean; printedOn: Date } = { printedOn: new Date() },
): Promise<Buffer> {
  const t = wordsFor(lang);
  const { record } = licence;
  const day = (value: string | null) => (value ? writtenDate(value, lang) : '-');
  const [barcode, qrCode] = await Promise.all([
    // Bars one unit wide and 15 mm high, as the councils print them.
    toBuffer({ bcid: 'code128', text: licence.licenceNo, scale: 2, height: 15, includetext: true }),
    toBuffer({ bcid: 'qrcode', text: licence.checkUrl, scale: 4 }),
  ]);
  const { doc, bytes } = openOfficialPdf({
    title: t('licencePdf.title', { licence: licence.licenceNo }),
    author: licence.council.name,
    subject: t('licencePdf.subject'),
    created: options.printedOn,
    compress: options.compress,
  });

  drawCouncilHeader(doc, licence.council, t(`licencePdf.kind.${record.kind}`));
  if (record.lesen_print !== undefined) {
    style(doc, fonts.regular, 8, colors.muted);
    write(doc, t('licencePdf.template', { number: record.lesen_print }), left, doc.y, {
      width: contentWidth,
      align: 'center',
    });
  }

  const present = (fields: (Field | false | undefined)[]) =>
    fields.filter((field): field is Field => Boolean(field));
  drawSection(
    doc,
    t('licencePdf.licence'),
    [
      { label: t('licencePdf.licenceNo'), value: licence.licenceNo, bold: true },
      { label: t('licencePdf.reference'), value: record.reference },
      { label: t('licencePdf.validFrom'), value: day(record.valid_from), bold: true },
      { label: t('licencePdf.validUntil'), value: day(record.valid_until), bold: true },
    ],
    4,
  );
  drawSection(
    doc,
    t('licencePdf.business'),
    present([
      { label: t('licencePdf.businessName'), value: record.business_name, bold: true },
      { label: t('licencePdf.businessType'), value: record.business_type },
      { label: t('licencePdf.businessCategory'), value: record.business_category },
      { label: t('licencePdf.location'), value: record.location },
      record.location_code !== undefined && {
        label: t('licencePdf.locationCode'),
        value: record.location_code,
      },
      record.unit_kind !== undefined && {
        label: t('licencePdf.units'),
        value: `${record.unit_count ?? 1} × ${record.unit_kind}`,
      },
      record.stall_no !== undefined && { label: t('licencePdf.stallNo'), value: record.stall_no },
      record.vehicle_plate !== undefined && {
        label: t('licencePdf.vehiclePlate'),
        value: record.vehicle_plate,
      },
      record.area !== undefined && { label: t('licencePdf.area'), value: record.area },
      { label: t('licencePdf.monthlyFee'), value: formatRinggit(record.monthly_fee_sen) },
    ]),
    3,
  );
  drawSection(
    doc,
    t('licencePdf.owners'),
    record.owners.flatMap((owner) => [
      { label: t('licencePdf.ownerName'), value: owner.name },
      { label: t('licencePdf.ownerIc'), value: owner.ic },
    ]),
    2,
  );

  const conditions = [
    record.hours && t(`licencePdf.hours.${record.hours}`),
    record.capacity !== undefined && t('licencePdf.capacity', { count: record.capacity }),
    t('licencePdf.displayNotice'),
  ].filter((line): line is string => Boolean(line));
  drawSectionTitle(doc, t('licencePdf.conditions'));
  style(doc, fonts.regular, 9.5, colors.ink);
  for (const line of conditions) write(doc, `• ${line}`, left, doc.y, { width: contentWidth });
  if (record.notes) {
    drawSectionTitle(doc, t('licencePdf.notes'));
    style(doc, fonts.regular, 9.5, colors.ink);
    write(doc, record.notes, left, doc.y, { width: contentWidth });
  }

  drawVerification(doc, t('licencePdf.scanToCheck'), licence.checkUrl, barcode, qrCode);
  drawPageFooters(doc, {
    note: t('licencePdf.computerGenerated'),
    number: licence.licenceNo,
    pageText: (page, count) => t('licencePdf.page', { page, count }),
  });
  doc.end();
  return bytes;
}
