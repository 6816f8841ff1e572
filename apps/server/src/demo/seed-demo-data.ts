import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  bills,
  councilPaymentTypes,
  councils,
  licenceApplications,
  licenceRenewalRules,
  paymentItems,
  payments,
  users,
} from '../db/schema';
import { changeSiteSettings } from '../lib/site-settings';
import { storeImage } from '../lib/stored-images';
import { hashPassword } from '../lib/passwords';
import type { PersonalData } from '../lib/personal-data';
import {
  closedDemoPaymentTypes,
  demoBills,
  demoContacts,
  demoHelpline,
  demoLicenceApplications,
  demoLicenceReduction,
  demoPaymentInProgress,
  demoUser,
  unavailableDemoCouncils,
} from './demo-data';
import { demoImages } from './demo-images';

/**
 * The demo data, a seed step of its own: the demo user if missing and, in an empty database, the
 * demo councils' bills, logos, contacts, premises pictures and licence applications, the
 * portal's helpline, a payment in progress, the licence reduction
 * on the books but not in force, and the councils and payment types switched off.
 */
export function demoDataSeed(personalData: PersonalData) {
  return (tx: Database) => seedDemoData(tx, personalData);
}

async function seedDemoData(tx: Database, personalData: PersonalData): Promise<void> {
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
  const [existing] = await tx.select({ bills: count() }).from(bills);
  if (existing && existing.bills > 0) return;
  const rows = demoBills();
  // Batches keep each statement well under PostgreSQL's 65535 bind parameters.
  for (let start = 0; start < rows.length; start += 500) {
    await tx.insert(bills).values(rows.slice(start, start + 500));
  }
  const inProgress = demoPaymentInProgress;
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
        eq(bills.councilCode, inProgress.councilCode),
        eq(bills.paymentType, inProgress.paymentType),
        eq(bills.accountNo, inProgress.accountNo),
      ),
    );
  if (bill) {
    const [payment] = await tx
      .insert(payments)
      .values({
        reference: inProgress.reference,
        description: `${inProgress.councilCode.toUpperCase()} EPAYMENT ${inProgress.reference}`,
        status: 'in_progress',
        // As if its payer had just gone to the gateway's card page: held for an hour.
        handedOverAt: new Date(),
        handovers: 1,
        releaseAt: new Date(Date.now() + 60 * 60 * 1000),
        requeryAfter: new Date(),
        payerName: 'Demo Payer',
        payerEmail: 'payer@example.com',
        payerPhone: '0198765432',
        amountSen: bill.amountDueSen,
      })
      .returning({ id: payments.id });
    await tx.insert(paymentItems).values({
      paymentId: payment!.id,
      billId: bill.id,
      councilCode: inProgress.councilCode,
      paymentType: inProgress.paymentType,
      accountNo: bill.displayNo,
      description: bill.description,
      amountSen: bill.amountDueSen,
    });
  }
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
  await tx.insert(licenceApplications).values(demoLicenceApplications());
  await tx.update(licenceRenewalRules).set({
    reductionPercent: demoLicenceReduction.percent,
    reductionLabel: demoLicenceReduction.label,
    reductionInForce: false,
  });
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
