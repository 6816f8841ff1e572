import { savedAccountLimit, type SavedAccount } from '@portal/domain/contracts/my-accounts';
import type { SavedAccountForm } from '@portal/domain/forms';
import type { Language } from '@portal/domain/languages';
import { accountKey } from '@portal/domain/payment-types';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bills, councils, savedAccounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { availabilityColumns, billAt } from '../../lib/bill-queries';
import { presentBill, shownBillColumns } from '../search';

/** The saved accounts of a user, each joined to its bill as the bills table holds it now. */
function savedWithBills(db: Database) {
  return db
    .select({
      saved: savedAccounts,
      rates: availabilityColumns.assessmentRates,
      bill: shownBillColumns,
    })
    .from(savedAccounts)
    .innerJoin(councils, eq(councils.code, savedAccounts.councilCode))
    .leftJoin(
      bills,
      billAt(savedAccounts.councilCode, savedAccounts.paymentType, savedAccounts.accountNo),
    );
}

type SavedRow = Awaited<ReturnType<ReturnType<typeof savedWithBills>['execute']>>[number];

function present({ saved, rates, bill }: SavedRow): SavedAccount {
  return {
    id: saved.id,
    council: saved.councilCode,
    payment_type: saved.paymentType,
    account_no: bill?.displayNo ?? saved.displayNo,
    nickname: saved.nickname,
    saved_at: saved.createdAt.toISOString(),
    bill: bill ? presentBill(bill, rates) : null,
  };
}

/** A user's saved accounts, oldest first, with their bills read now. */
export async function listSavedAccounts(db: Database, userId: number): Promise<SavedAccount[]> {
  const rows = await savedWithBills(db)
    .where(eq(savedAccounts.userId, userId))
    .orderBy(asc(savedAccounts.createdAt), asc(savedAccounts.id));
  return rows.map(present);
}

/** One of the user's own saved accounts; another user's, or none, is not found. */
export async function savedAccountOf(
  db: Database,
  userId: number,
  id: number,
): Promise<SavedAccount> {
  const [row] = await savedWithBills(db).where(
    and(eq(savedAccounts.id, id), eq(savedAccounts.userId, userId)),
  );
  if (!row) throw new AppError('not_found', 'No such saved account of yours');
  return present(row);
}

/**
 * Saves a bill the council has to the user's accounts, once: the same bill again answers the row
 * already there. The user's row is locked while counting, so that two saves at once cannot pass
 * the limit together. The language the user saved in is the one their reminders are written in.
 */
export async function saveAccount(
  db: Database,
  userId: number,
  form: SavedAccountForm,
  lang: Language,
): Promise<{ status: 'saved' | 'already_saved'; account: SavedAccount }> {
  const key = accountKey(form.payment_type, form.account_no);
  const [bill] = await db
    .select({ displayNo: bills.displayNo })
    .from(bills)
    .where(billAt(form.council, form.payment_type, key));
  if (!bill) throw new AppError('not_found', 'No bill matches this account');
  const { status, id } = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ lang }).where(eq(users.id, userId));
    const mine = eq(savedAccounts.userId, userId);
    const [already] = await tx
      .select({ id: savedAccounts.id })
      .from(savedAccounts)
      .where(
        and(
          mine,
          eq(savedAccounts.councilCode, form.council),
          eq(savedAccounts.paymentType, form.payment_type),
          eq(savedAccounts.accountNo, key),
        ),
      );
    if (already) return { status: 'already_saved' as const, id: already.id };
    const [kept] = await tx.select({ n: count() }).from(savedAccounts).where(mine);
    if ((kept?.n ?? 0) >= savedAccountLimit) {
      throw new AppError('saved_accounts_full', `At most ${savedAccountLimit} saved accounts`);
    }
    const [saved] = await tx
      .insert(savedAccounts)
      .values({
        userId,
        councilCode: form.council,
        paymentType: form.payment_type,
        accountNo: key,
        displayNo: bill.displayNo,
        nickname: form.nickname || null,
      })
      .returning({ id: savedAccounts.id });
    return { status: 'saved' as const, id: saved!.id };
  });
  return { status, account: await savedAccountOf(db, userId, id) };
}

/** Renames one of the user's own saved accounts; a blank nickname is none. */
export async function renameAccount(
  db: Database,
  userId: number,
  id: number,
  nickname: string,
): Promise<SavedAccount> {
  const renamed = await db
    .update(savedAccounts)
    .set({ nickname: nickname || null })
    .where(and(eq(savedAccounts.id, id), eq(savedAccounts.userId, userId)))
    .returning({ id: savedAccounts.id });
  if (renamed.length === 0) throw new AppError('not_found', 'No such saved account of yours');
  return savedAccountOf(db, userId, id);
}

/** Removes one of the user's own saved accounts. */
export async function removeAccount(db: Database, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(savedAccounts)
    .where(and(eq(savedAccounts.id, id), eq(savedAccounts.userId, userId)))
    .returning({ id: savedAccounts.id });
  if (removed.length === 0) throw new AppError('not_found', 'No such saved account of yours');
}
