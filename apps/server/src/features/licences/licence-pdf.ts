import type { Identity } from '@portal/domain/identities';
import type { Language } from '@portal/domain/languages';
import type { LicenceRecord } from '@portal/domain/licence-records';
import { wordsFor } from '@portal/domain/words/words';
import { toBuffer } from 'bwip-js/node';
import {
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSectionTitle,
  drawVerification,
  ensureSpace,
  fonts,
  left,
  openOfficialPdf,
  type PdfCouncil,
  style,
  write,
} from '../../lib/official-pdf';
import { drawLicenceRecord } from './licence-record-pdf';

/** What a printed licence shows: its council, its number and status, and its record. */
export interface PrintableLicence {
  council: PdfCouncil;
  licenceNo: string;
  record: LicenceRecord;
  /** The premises picture's bytes, when the council has one. */
  picture?: Buffer | undefined;
  /** The public check its QR code opens. */
  checkUrl: string;
  /** The owner's identity the reader gave to print it, shown in full; every other one masked. */
  proven?: Identity | undefined;
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

  // The template number (lesen_print) chooses what is printed; it is the council's, not the reader's.
  drawCouncilHeader(doc, licence.council, t(`licencePdf.kind.${record.kind}`));
  drawLicenceRecord(doc, lang, licence.licenceNo, record, licence.proven);
  if (licence.picture) {
    const box = { width: 160, height: 100 };
    ensureSpace(doc, 48 + box.height);
    drawSectionTitle(doc, t('licencePdf.premisesPicture'));
    doc.image(licence.picture, left, doc.y + 2, { fit: [box.width, box.height] });
    doc.y += box.height + 8;
  }

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
