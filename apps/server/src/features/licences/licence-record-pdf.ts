import { hideIC, writtenDate } from '@portal/domain/display-filters';
import { defaultIdentityType, sameIdentity, type Identity } from '@portal/domain/identities';
import type { Language } from '@portal/domain/languages';
import type { LicenceRecord } from '@portal/domain/licence-records';
import { formatRinggit } from '@portal/domain/money';
import { wordsFor } from '@portal/domain/words/words';
import { drawSection, type Field, type Pdf } from '../../lib/official-pdf';

/**
 * What a printed licence and its renewal form both show of it: the licence and its validity, the
 * business and location with the fields of its kind, and its owners with their identity numbers:
 * masked, but for the owner whose number the reader gave (`proven`), since a paper goes further
 * than whoever printed it (docs/licences.md).
 */
export function drawLicenceRecord(
  doc: Pdf,
  lang: Language,
  licenceNo: string,
  record: LicenceRecord,
  proven?: Identity,
): void {
  const t = wordsFor(lang);
  const day = (value: string | null) => (value ? writtenDate(value, lang) : '-');
  const present = (fields: (Field | false | undefined)[]) =>
    fields.filter((field): field is Field => Boolean(field));
  drawSection(
    doc,
    t('licencePdf.licence'),
    [
      { label: t('licencePdf.licenceNo'), value: licenceNo, bold: true },
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
    record.owners.flatMap((owner) => {
      const identity = { type: owner.id_type ?? defaultIdentityType, number: owner.ic };
      const shown = proven && sameIdentity(identity, proven) ? owner.ic : hideIC(owner.ic);
      return [
        { label: t('licencePdf.ownerName'), value: owner.name },
        { label: t(`licencePdf.ownerId.${identity.type}`), value: shown },
      ];
    }),
    2,
  );
}
