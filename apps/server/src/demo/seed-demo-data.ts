import { and, count, eq } from 'drizzle-orm';
import { councils as councilCatalogue } from '@portal/domain/councils';
import type { Database } from '../db/database';
import {
  bills,
  councilPaymentTypes,
  councils,
  licenceApplicationEvents,
  licenceApplications,
  licenceReductions,
  paymentChannelStates,
  paymentEvents,
  paymentItems,
  payments,
  staff,
  users,
} from '../db/schema';
import { enrolStaff } from '../features/staff/staff-accounts';
import { changeSiteSettings } from '../lib/site-settings';
import { storeImage } from '../lib/stored-images';
import { hashPassword } from '../lib/passwords';
import type { PersonalData } from '../lib/personal-data';
import {
  closedDemoPaymentTypes,
  demoBanksDown,
  demoBills,
  demoContacts,
  demoHelpline,
  demoLicenceApplications,
  demoLicenceReduction,
  demoPaymentInProgress,
  demoPaymentUnderReview,
  demoStaff,
  demoStaffPassword,
  demoUser,
  unavailableDemoCouncils,
  demoAssessmentRates,
} from './demo-data';
import { demoImages } from './demo-images';

/**
 * The demo data, a seed step of its own: the demo user and the demo staff if missing (the staff
 * never on a production server, whose back office must not open to secrets the README prints)
 * and, in an empty database, the demo councils' bills, logos, contacts, premises pictures and
 * licence applications, the portal's helpline, a payment in progress, the licence reduction on
 * the books but not in force, the councils and payment types switched off, and the sandbox's bank
 * that is down.
 */
export function demoDataSeed(personalData: PersonalData, options = { staff: true }) {
  return (tx: Database) => seedDemoData(tx, personalData, options);
}

async function seedDemoData(
  tx: Database,
  personalData: PersonalData,
  options: { staff: boolean },
): Promise<void> {
  const { password, icNum, ...demoProfile } = demoUser;
  const [demoAccount] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoProfile.email));
  // Hashed only when missing: argon2 on every start would slow each start and test suite.
  if (!demoAccount) {
    await tx
      .insert(users)
      .values({
        ...demoProfile,
        icNum: personalData.encrypt(icNum),
        icNumHash: personalData.lookupHash(icNum),
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing();
  }
  if (options.staff) await seedDemoStaff(tx, personalData);
  const [existing] = await tx.select({ bills: count() }).from(bills);
  if (existing && existing.bills > 0) return;
  const rows = demoBills();
  // Batches keep each statement well under PostgreSQL's 65535 bind parameters.
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(bills).values(rows.slice(start, start + 500));
  }
  await seedDemoPayment(tx, demoPaymentInProgress);
  await seedDemoPayment(tx, demoPaymentUnderReview, 'amount_mismatch');
  const { logos, premises } = demoImages();
  for (const picture of premises.values()) await storeImage(tx, picture);
  for (const [code, logo] of logos) {
    await tx
      .update(councils)
      .set({ logoImage: await storeImage(tx, logo) })
      .where(eq(councils.code, code));
  }
  for (const { councilCode, contact } of demoContacts()) {
    await tx.update(councils).set({ contact }).where(eq(councils.code, councilCode));
  }
  await changeSiteSettings(tx, { helpline: demoHelpline }, 'demo data');
  for (const { history, ...application } of demoLicenceApplications()) {
    const [{ id }] = (await tx
      .insert(licenceApplications)
      .values(application)
      .returning({ id: licenceApplications.id })) as [{ id: number }];
    await tx
      .insert(licenceApplicationEvents)
      .values(
        history.map((step, position) => ({ ...step, applicationId: id, position, by: 'demo' })),
      );
  }
  await tx.insert(licenceReductions).values(
    councilCatalogue.map((council) => ({
      councilCode: council.code,
      name: demoLicenceReduction.name,
      method: demoLicenceReduction.method,
      percent: demoLicenceReduction.percent,
      startsOn: demoLicenceReduction.from,
      endsOn: demoLicenceReduction.to,
    })),
  );
  for (const down of demoBanksDown) {
    await tx
      .insert(paymentChannelStates)
      .values({ ...down, online: false, changedBy: 'demo data', changedAt: new Date() });
  }
  for (const { councilCode, ...rates } of demoAssessmentRates) {
    await tx.update(councils).set(rates).where(eq(councils.code, councilCode));
  }
  for (const code of unavailableDemoCouncils) {
    await tx.update(councils).set({ available: false }).where(eq(councils.code, code));
  }
  for (const closed of closedDemoPaymentTypes()) {
    await tx
      .update(councilPaymentTypes)
      .set({ available: false })
      .where(
        and(
          eq(councilPaymentTypes.councilCode, closed.councilCode),
          eq(councilPaymentTypes.paymentType, closed.paymentType),
        ),
      );
  }
}

/** argon2 once per process, however many test databases are seeded. */
let demoStaffPasswordHash: Promise<string> | undefined;

/** The demo staff, each added when missing (docs/back-office.md). */
async function seedDemoStaff(tx: Database, personalData: PersonalData): Promise<void> {
  const present = new Set(
    (await tx.select({ email: staff.email }).from(staff)).map((member) => member.email),
  );
  for (const member of demoStaff) {
    if (present.has(member.email)) continue;
    demoStaffPasswordHash ??= hashPassword(demoStaffPassword);
    await enrolStaff(tx, personalData, { ...member, passwordHash: await demoStaffPasswordHash });
  }
}

/**
 * A payment of one demo bill, as if its payer had just gone to the gateway's card page (held for
 * an hour); with a review reason, as if its callback had then come for another amount.
 */
async function seedDemoPayment(
  tx: Database,
  demo: typeof demoPaymentInProgress | typeof demoPaymentUnderReview,
  reviewReason?: string,
): Promise<void> {
  const [bill] = await tx
    .select({
      id: bills.id,
      amountDueSen: bills.amountDueSen,
      displayNo: bills.displayNo,
      description: bills.description,
    })
    .from(bills)
    .where(
      and(
        eq(bills.councilCode, demo.councilCode),
        eq(bills.paymentType, demo.paymentType),
        eq(bills.accountNo, demo.accountNo),
      ),
    );
  if (!bill) return;
  const [payment] = await tx
    .insert(payments)
    .values({
      reference: demo.reference,
      description: `${demo.councilCode.toUpperCase()} EPAYMENT ${demo.reference}`,
      status: 'in_progress',
      handedOverAt: new Date(),
      handovers: 1,
      releaseAt: new Date(Date.now() + 60 * 60 * 1000),
      requeryAfter: new Date(),
      payerName: 'Demo Payer',
      payerEmail: 'payer@example.com',
      payerPhone: '0198765432',
      amountSen: bill.amountDueSen,
      reviewReason: reviewReason ?? null,
    })
    .returning({ id: payments.id });
  await tx.insert(paymentItems).values({
    paymentId: payment!.id,
    billId: bill.id,
    councilCode: demo.councilCode,
    paymentType: demo.paymentType,
    accountNo: bill.displayNo,
    description: bill.description,
    amountSen: bill.amountDueSen,
  });
  if (reviewReason) {
    await tx.insert(paymentEvents).values({
      paymentId: payment!.id,
      reference: demo.reference,
      source: 'callback',
      outcome: 'flagged',
      note: reviewReason,
      fields: { RefNo: demo.reference, Amount: '1.00', Status: '1' },
    });
  }
}
