import { writtenDate } from '@portal/domain/display-filters';
import type { Identity } from '@portal/domain/identities';
import type { Language } from '@portal/domain/languages';
import type { LicenceRecord } from '@portal/domain/licence-records';
import type { RenewalAnswer } from '@portal/domain/licences';
import { formatRinggit } from '@portal/domain/money';
import { wordsFor } from '@portal/domain/words/words';
import {
  colors,
  contentWidth,
  drawCouncilHeader,
  drawPageFooters,
  drawSection,
  drawSectionTitle,
  ensureSpace,
  fonts,
  left,
  openOfficialPdf,
  style,
  write,
  type PdfCouncil,
} from '../../lib/official-pdf';
import { drawLicenceRecord } from './licence-record-pdf';

/** What the renewal form of a licence is filled in with. */
export interface RenewalFormLicence {
  council: PdfCouncil;
  licenceNo: string;
  record: LicenceRecord;
  /** The owner's identity the reader gave, shown in full; every other one masked. */
  proven?: Identity | undefined;
  /** Whether and how the licence renews today, by its council's rules. */
  renewal: RenewalAnswer;
  /** The name of the reduction in force today, printed with what it takes off. */
  reductionName?: Record<Language, string> | undefined;
}

/**
 * The renewal form for a holder who renews at the council's counter (docs/licences.md): filled in
 * with the licence as the council records it and today's renewal prices, with the declaration
 * the holder signs and a box for the council's officer.
 */
export async function renderRenewalFormPdf(
  licence: RenewalFormLicence,
  lang: Language,
  options: { compress?: boolean; printedOn: Date },
): Promise<Buffer> {
  const t = wordsFor(lang);
  const day = (value: string) => writtenDate(value, lang);
  const { doc, bytes } = openOfficialPdf({
    title: t('renewalFormPdf.title', { licence: licence.licenceNo }),
    author: licence.council.name,
    subject: t('renewalFormPdf.subject'),
    created: options.printedOn,
    compress: options.compress,
  });
  drawCouncilHeader(doc, licence.council, t('renewalFormPdf.heading'));
  drawLicenceRecord(doc, lang, licence.licenceNo, licence.record, licence.proven);

  const { renewal } = licence;
  if (renewal.renewable) {
    drawSection(
      doc,
      t('renewalFormPdf.options', { date: day(options.printedOn.toISOString().slice(0, 10)) }),
      renewal.options.flatMap((option) => [
        {
          label: t('renewalFormPdf.period'),
          value: `${day(option.valid_from)} – ${day(option.valid_until)}`,
          bold: true,
        },
        { label: t('renewalFormPdf.months'), value: String(option.months) },
        {
          label: t('renewalFormPdf.fees'),
          value: `${formatRinggit(option.licence_fee_sen)} + ${formatRinggit(option.process_fee_sen)}${option.reduction_sen > 0 ? ` − ${formatRinggit(option.reduction_sen)}${licence.reductionName ? ` (${licence.reductionName[lang]})` : ''}` : ''}`,
        },
        { label: t('renewalFormPdf.amount'), value: formatRinggit(option.amount_sen), bold: true },
      ]),
      4,
    );
  } else {
    drawSectionTitle(doc, t('renewalFormPdf.optionsNone'));
    style(doc, fonts.regular, 9.5, colors.danger);
    write(
      doc,
      renewal.reason === 'early_renewal_closed'
        ? t('renewalFormPdf.closed', { date: day(renewal.opens_on) })
        : t('renewalFormPdf.notAllowed'),
      left,
      doc.y,
      { width: contentWidth },
    );
  }

  drawSectionTitle(doc, t('renewalFormPdf.choice'));
  for (const period of ['this_year', 'next_year'] as const) {
    // A box to tick: drawn, since the font has no ballot-box character.
    const top = doc.y + 3;
    doc
      .rect(left, top + 2, 8, 8)
      .lineWidth(0.75)
      .stroke(colors.ink);
    style(doc, fonts.regular, 9.5, colors.ink);
    write(doc, t(`renewalFormPdf.choose.${period}`), left + 14, top, {
      width: contentWidth - 14,
    });
  }
  doc.y += 4;

  drawSectionTitle(doc, t('renewalFormPdf.declaration'));
  style(doc, fonts.regular, 9.5, colors.ink);
  write(doc, t('renewalFormPdf.declarationText'), left, doc.y, { width: contentWidth });
  ensureSpace(doc, 70);
  const signatureTop = doc.y + 40;
  const half = (contentWidth - 24) / 2;
  for (const [index, label] of [
    t('renewalFormPdf.signature'),
    t('renewalFormPdf.date'),
  ].entries()) {
    const x = left + index * (half + 24);
    doc
      .moveTo(x, signatureTop)
      .lineTo(x + half, signatureTop)
      .lineWidth(0.75)
      .stroke(colors.ink);
    style(doc, fonts.regular, 8, colors.muted);
    write(doc, label, x, signatureTop + 4, { width: half });
  }
  doc.y = signatureTop + 24;

  drawSectionTitle(doc, t('renewalFormPdf.officeUse'));
  ensureSpace(doc, 60);
  const boxTop = doc.y;
  doc.rect(left, boxTop, contentWidth, 56).lineWidth(0.75).stroke(colors.rule);
  doc.y = boxTop + 60;

  drawPageFooters(doc, {
    note: t('renewalFormPdf.note'),
    number: licence.licenceNo,
    pageText: (page, count) => t('licencePdf.page', { page, count }),
  });
  doc.end();
  return bytes;
}
