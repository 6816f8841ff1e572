import { and, count, eq, ne, notLike } from 'drizzle-orm';
import { councils as councilCatalogue } from '@portal/domain/councils';
import { paymentTypes } from '@portal/domain/payment-types';
import {
  closedDemoPaymentTypes,
  demoBills,
  demoPaymentInProgress,
  demoUser,
  unavailableDemoCouncils,
} from '../demo/demo-data';
import { hashPassword } from '../lib/passwords';
import type { PersonalData } from '../lib/personal-data';
import type { Database } from './database';
import { bills, councilPaymentTypes, councils, paymentItems, payments, users } from './schema';

/**
 * Runs at every start, after the migrations: keeps the council catalogue complete and, when
 * `demoData` is on, adds the demo user if missing and fills an empty database with the demo
 * councils' bills.
 */
export async function prepareDatabase(
  db: Database,
  options: { demoData: boolean; personalData: PersonalData },
): Promise<void> {
  const { personalData } = options;
  await db.transaction(async (tx) => {
    await tx
      .insert(councils)
      .values(councilCatalogue.map((council, index) => ({ ...council, sortOrder: index + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(councilPaymentTypes)
      .values(
        councilCatalogue.flatMap((council) =>
          paymentTypes.map((paymentType) => ({ councilCode: council.code, paymentType })),
        ),
      )
      .onConflictDoNothing();

    await encryptIdentityCards(tx as unknown as Database, personalData);
    if (!options.demoData) return;
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
  });
}

/**
 * Encrypts identity-card numbers still held in clear, from before they were encrypted
 * (docs/personal-data.md). Cheap once done: nothing matches.
 */
async function encryptIdentityCards(db: Database, personalData: PersonalData): Promise<void> {
  const clearUsers = await db
    .select({ id: users.id, icNum: users.icNum })
    .from(users)
    .where(notLike(users.icNum, 'v1.%'));
  for (const user of clearUsers) {
    await db
      .update(users)
      .set({
        icNum: personalData.encrypt(user.icNum),
        icNumHash: personalData.lookupHash(user.icNum),
      })
      .where(eq(users.id, user.id));
  }
  const clearConsents = await db
    .select({ id: payments.id, consentIcNo: payments.consentIcNo })
    .from(payments)
    .where(and(notLike(payments.consentIcNo, 'v1.%'), ne(payments.consentIcNo, '')));
  for (const payment of clearConsents) {
    await db
      .update(payments)
      .set({ consentIcNo: personalData.encrypt(payment.consentIcNo) })
      .where(eq(payments.id, payment.id));
  }
}
