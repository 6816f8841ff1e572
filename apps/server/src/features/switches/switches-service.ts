import type { CouncilSwitches } from '@portal/domain/contracts/switches';
import type { CouncilCode } from '@portal/domain/councils';
import type { CouncilSwitchForm } from '@portal/domain/forms';
import { and, asc, eq } from 'drizzle-orm';
import { transactionWithRetry, type Database } from '../../db/database';
import { councilPaymentTypes, councils } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A council's switches as they stand. */
export async function switchesOf(db: Database, council: CouncilCode): Promise<CouncilSwitches> {
  const [row] = await db
    .select({ available: councils.available })
    .from(councils)
    .where(eq(councils.code, council));
  if (!row) throw new AppError('not_found', 'No such council');
  const types = await db
    .select()
    .from(councilPaymentTypes)
    .where(eq(councilPaymentTypes.councilCode, council))
    .orderBy(asc(councilPaymentTypes.paymentType));
  return {
    council,
    available: row.available,
    payment_types: types.map((type) => ({
      payment_type: type.paymentType,
      available: type.available,
    })),
  };
}

/**
 * Switches a council, or one payment type it offers, on or off, and answers whether anything
 * changed; `audit` records it in the same transaction. A payment type the council does not offer
 * is `not_found`: switching cannot make a council take what it never took.
 */
export async function changeSwitch(
  db: Database,
  form: CouncilSwitchForm,
  audit: (tx: Database, was: boolean) => Promise<void>,
): Promise<void> {
  const available = form.available === 'on';
  await transactionWithRetry(db, async (tx) => {
    if (form.target === 'council') {
      const [was] = await tx
        .select({ available: councils.available })
        .from(councils)
        .where(eq(councils.code, form.council))
        .for('update');
      if (!was) throw new AppError('not_found', 'No such council');
      await tx.update(councils).set({ available }).where(eq(councils.code, form.council));
      return audit(tx, was.available);
    }
    const type = and(
      eq(councilPaymentTypes.councilCode, form.council),
      eq(councilPaymentTypes.paymentType, form.target),
    );
    const [was] = await tx
      .select({ available: councilPaymentTypes.available })
      .from(councilPaymentTypes)
      .where(type)
      .for('update');
    if (!was) throw new AppError('not_found', 'The council does not offer this payment type');
    await tx.update(councilPaymentTypes).set({ available }).where(type);
    return audit(tx, was.available);
  });
}
