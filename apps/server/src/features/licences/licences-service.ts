import type {
  DigitalLicence,
  LicenceApplicationView,
  LicenceDetail,
  LicenceVerdict,
} from '@portal/domain/contracts/licences';
import { imageUrl } from '@portal/domain/contracts/images';
import { hideIC, hideText, malaysiaDay } from '@portal/domain/display-filters';
import {
  licenceApplicationSearchSchema,
  licencePrintSchema,
  licenceSearchSchema,
  licenceVerificationSchema,
} from '@portal/domain/forms';
import type { Language } from '@portal/domain/languages';
import { defaultIdentityType, sameIdentity, type IdentityType } from '@portal/domain/identities';
import { licenceValidOn, reductionOn, renewalOptions } from '@portal/domain/licences';
import { licenceCheckPath } from '@portal/domain/web-paths';
import type { Database } from '../../db/database';
import { userLicences, type bills } from '../../db/schema';
import { toSVG } from 'bwip-js/node';
import { AppError, checkedRequest } from '../../lib/app-error';
import { assertOpen, notFound } from '../../lib/bill-rules';
import { licenceRecordOf, readRenewalRules } from '../../lib/licence-rules';
import { countAttempt, type RateLimit } from '../../lib/rate-limit';
import type { PdfCouncil } from '../../lib/official-pdf';
import { councilLetterheadOf, findImage } from '../../lib/stored-images';
import { renderLicencePdf } from './licence-pdf';
import { renderRenewalFormPdf } from './renewal-form-pdf';
import {
  keeps,
  licencesKeptBy,
  historyOfApplication,
  readApplication,
  readLicence,
  settledPaymentsOf,
} from './licences-queries';

/** How often one address may check licences: an officer checks a few, a scraper thousands. */
export const verificationLimit: RateLimit = { limit: 30, windowSeconds: 60 };

/** A licence with what its holder can do now (docs/licences.md). */
export async function findLicence(
  db: Database,
  request: unknown,
  now: Date,
): Promise<LicenceDetail> {
  const search = checkedRequest(licenceSearchSchema, request ?? {}, 'licence search');
  const row = await readLicence(db, search.council, search.licence_no);
  assertOpen(row);
  const licence = row?.licence;
  if (!row?.rules || !licence) throw notFound();
  const record = licenceRecordOf(licence);
  // An operating licence is not found by the trading licence search, nor the other way round.
  if (record.category !== search.category) throw notFound();

  const today = malaysiaDay(now);
  const rules = await readRenewalRules(db, licence.councilCode);
  const renewal = renewalOptions(
    {
      status: licence.status,
      valid_until: record.valid_until,
      monthly_fee_sen: record.monthly_fee_sen,
    },
    rules,
    today,
  );
  const payments = await settledPaymentsOf(db, licence.id);
  const { owners, monthly_fee_sen, premises_picture, ...shown } = record;
  return {
    ...shown,
    council: licence.councilCode,
    council_logo: urlOf(row.councilLogo),
    premises_picture: urlOf(premises_picture),
    licence_no: licence.displayNo,
    status: licence.status,
    valid_today: licenceValidOn({ ...record, status: licence.status }, today),
    owners: owners.map((owner) => ({ name: hideText(owner.name), ic: hideIC(owner.ic) })),
    monthly_fee: monthly_fee_sen,
    payments: payments.map((payment) => ({
      reference: payment.reference,
      paid_at: (payment.paidAt ?? now).toISOString(),
      amount: payment.amountSen,
    })),
    renewal: renewal.renewable
      ? {
          renewable: true,
          options: renewal.options.map((option) => ({
            period: option.period,
            valid_from: option.valid_from,
            valid_until: option.valid_until,
            months: option.months,
            licence_fee: option.licence_fee_sen,
            process_fee: option.process_fee_sen,
            reduction: option.reduction_sen,
            amount: option.amount_sen,
          })),
          reduction_label: reductionOn(rules.reductions, today)?.name ?? null,
        }
      : renewal,
  };
}

const urlOf = (image: string | null | undefined) => (image ? imageUrl(image) : null);

/**
 * The public check behind a printed licence's QR code: valid today or not, with nothing personal
 * and no fees. It answers whether or not the council takes payments now.
 */
export async function verifyLicence(
  db: Database,
  query: unknown,
  client: { ip: string },
  now: Date,
): Promise<LicenceVerdict> {
  // A malformed check is refused before it is counted: a bad request changes nothing.
  const search = checkedRequest(licenceVerificationSchema, query ?? {}, 'licence check');
  await countAttempt(db, [`licence-verify:ip:${client.ip}`], verificationLimit, now);
  const row = await readLicence(db, search.council, search.licence_no);
  const licence = row?.licence;
  // One answer for every number that is not a licence here: it tells a guesser nothing.
  if (!row || !licence) throw new AppError('not_found', 'No licence matches');
  const record = licenceRecordOf(licence);
  const today = malaysiaDay(now);
  return {
    council: licence.councilCode,
    council_name: row.councilName,
    council_logo: urlOf(row.councilLogo),
    licence_no: licence.displayNo,
    valid: licenceValidOn({ ...record, status: licence.status }, today),
    status: licence.status,
    valid_from: record.valid_from,
    valid_until: record.valid_until,
    business_name: record.business_name,
    location: record.location,
    checked_on: today,
  };
}

/** How often one address may try to print: each try tests an identity number against a licence. */
export const printLimit: RateLimit = { limit: 10, windowSeconds: 60 };

/**
 * The licence a request names by its number and the identity (of any type) of one of its owners,
 * as printing and keeping a licence need it: one answer for a wrong number and a wrong identity
 * alike, and
 * only so many tries a minute from one address. A logged-in user needs no IC number for a licence
 * already in their digital licences (`holder`).
 */
async function ownedLicence(
  db: Database,
  request: unknown,
  client: { ip: string; holder?: number | undefined },
  now: Date,
) {
  const idGiven = Boolean((request as { id_no?: unknown } | null)?.id_no);
  const search: {
    council: string;
    category: string;
    licence_no: string;
    id_type?: IdentityType;
    id_no?: string;
  } =
    idGiven || client.holder === undefined
      ? checkedRequest(licencePrintSchema, request ?? {}, 'licence')
      : checkedRequest(licenceSearchSchema, request ?? {}, 'licence');
  await countAttempt(db, [`licence-owner:ip:${client.ip}`], printLimit, now);
  const row = await readLicence(db, search.council, search.licence_no);
  const licence = row?.licence;
  const record = licence ? licenceRecordOf(licence) : undefined;
  const { id_type: type = defaultIdentityType, id_no: number } = search;
  const shown =
    number !== undefined
      ? record?.owners.some((owner) =>
          sameIdentity(
            { type: owner.id_type ?? defaultIdentityType, number: owner.ic },
            { type, number },
          ),
        )
      : licence != null &&
        client.holder !== undefined &&
        (await keeps(db, client.holder, licence.id));
  if (!row || !licence || !record || record.category !== search.category || !shown) {
    throw new AppError('not_found', 'No licence matches this number and identity number');
  }
  const proven = number !== undefined ? { type, number } : undefined;
  return { licence, record, council: row, proven };
}

/** The council a PDF's header names, with its logo and title as they are now. */
async function pdfCouncil(db: Database, code: string, name: string): Promise<PdfCouncil> {
  return { code, name, ...(await councilLetterheadOf(db, code)) };
}

/** Where a licence's QR code leads: its public check. */
const checkUrlOf = (publicUrl: string, council: string, licenceNo: string) =>
  `${publicUrl}/#${licenceCheckPath(council, licenceNo)}`;

/**
 * The printed licence (docs/licences.md), for whoever has its number and the IC number of one
 * of its owners, or its holder logged in. Only a licence valid today, paid for its current
 * period, prints.
 */
export async function printLicence(
  db: Database,
  request: unknown,
  client: { ip: string; holder?: number | undefined },
  now: Date,
  options: { publicUrl: string; lang: Language },
): Promise<{ licenceNo: string; pdf: Buffer }> {
  const { licence, record, council, proven } = await ownedLicence(db, request, client, now);
  if (!licenceValidOn({ ...record, status: licence.status }, malaysiaDay(now))) {
    throw new AppError('license_not_printable', 'This licence is not paid for today');
  }
  const picture = record.premises_picture && (await findImage(db, record.premises_picture));
  const pdf = await renderLicencePdf(
    {
      council: await pdfCouncil(db, licence.councilCode, council.councilName),
      licenceNo: licence.displayNo,
      record,
      picture: picture ? picture.bytes : undefined,
      checkUrl: checkUrlOf(options.publicUrl, licence.councilCode, licence.displayNo),
      proven,
    },
    options.lang,
    { printedOn: now },
  );
  return { licenceNo: licence.displayNo, pdf };
}

/**
 * The renewal form of a licence (docs/licences.md), filled in with its record and today's renewal
 * prices, for whoever has its number and an owner's IC number: whatever its status, so that a
 * holder who cannot renew online can take it to the counter.
 */
export async function licenceRenewalForm(
  db: Database,
  request: unknown,
  client: { ip: string; holder?: number | undefined },
  now: Date,
  lang: Language,
): Promise<{ licenceNo: string; pdf: Buffer }> {
  const { licence, record, council, proven } = await ownedLicence(db, request, client, now);
  const rules = await readRenewalRules(db, licence.councilCode);
  const renewal = renewalOptions(
    {
      status: licence.status,
      valid_until: record.valid_until,
      monthly_fee_sen: record.monthly_fee_sen,
    },
    rules,
    malaysiaDay(now),
  );
  const pdf = await renderRenewalFormPdf(
    {
      council: await pdfCouncil(db, licence.councilCode, council.councilName),
      licenceNo: licence.displayNo,
      record,
      renewal,
      reductionName: reductionOn(rules.reductions, malaysiaDay(now))?.name,
      proven,
    },
    lang,
    { printedOn: now },
  );
  return { licenceNo: licence.displayNo, pdf };
}

/** A kept licence as its card shows it: what the public check shows, and its QR code. */
function digitalLicenceOf(
  licence: typeof bills.$inferSelect,
  council: { councilName: string; councilLogo: string | null },
  today: string,
  publicUrl: string,
): DigitalLicence {
  const record = licenceRecordOf(licence);
  return {
    council: licence.councilCode,
    council_name: council.councilName,
    council_logo: urlOf(council.councilLogo),
    licence_no: licence.displayNo,
    category: record.category,
    kind: record.kind,
    status: licence.status,
    valid_from: record.valid_from,
    valid_until: record.valid_until,
    valid_today: licenceValidOn({ ...record, status: licence.status }, today),
    business_name: record.business_name,
    location: record.location,
    qr_svg: toSVG({
      bcid: 'qrcode',
      text: checkUrlOf(publicUrl, licence.councilCode, licence.displayNo),
    }),
  };
}

/** The logged-in user's digital licences (docs/licences.md), live. */
export async function myLicences(
  db: Database,
  userId: number,
  now: Date,
  publicUrl: string,
): Promise<{ licences: DigitalLicence[] }> {
  const today = malaysiaDay(now);
  const kept = await licencesKeptBy(db, userId);
  return {
    licences: kept.map((row) => digitalLicenceOf(row.licence, row, today, publicUrl)),
  };
}

/** Adds a licence to the user's digital licences, once they show it is theirs (an owner's IC). */
export async function keepLicence(
  db: Database,
  userId: number,
  request: unknown,
  client: { ip: string },
  now: Date,
  publicUrl: string,
): Promise<DigitalLicence> {
  const { licence, council } = await ownedLicence(db, request, client, now);
  await db
    .insert(userLicences)
    .values({ userId, billId: licence.id, addedAt: now })
    .onConflictDoNothing();
  return digitalLicenceOf(licence, council, malaysiaDay(now), publicUrl);
}

/** Where a licence application stands, by its reference (docs/licences.md). */
export async function findApplication(
  db: Database,
  request: unknown,
): Promise<LicenceApplicationView> {
  const search = checkedRequest(
    licenceApplicationSearchSchema,
    request ?? {},
    'application search',
  );
  const row = await readApplication(db, search.council, search.reference);
  assertOpen(row);
  const application = row?.application;
  if (!application) throw new AppError('not_found', 'No application matches this reference');
  return {
    council: application.councilCode,
    reference: application.displayReference,
    kind: application.kind,
    business_name: application.businessName,
    applicant_name: hideText(application.applicantName),
    status: application.status,
    submitted_on: application.submittedOn,
    decided_on: application.decidedOn,
    licence_no: application.licenceNo,
    note: application.note,
    history: await historyOfApplication(db, application.id),
  };
}
