import { savedAccountLimit } from '@portal/domain/contracts/my-accounts';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { bills } from '../../db/schema';
import { billPicker } from '../../test/payment-fixtures';
import { registrations } from '../../test/registered-users';
import { TestBrowser } from '../../test/test-browser';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase('my accounts', (db) => {
  const app = useTestApp(db);
  const { registered } = registrations(app, db);
  const pickBill = billPicker(db);

  const saveOf = (bill: typeof bills.$inferSelect, nickname?: string) => ({
    council: bill.councilCode,
    payment_type: bill.paymentType,
    account_no: bill.displayNo,
    ...(nickname !== undefined && { nickname }),
  });

  test('a saved bill is listed with its nickname and what it owes now, read from the bill', async () => {
    const { browser } = await registered();
    const compound = await pickBill('compound');
    const saved = await browser.post('/api/my-accounts', saveOf(compound, '  Kereta Ali  '));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'saved',
      account: {
        council: compound.councilCode,
        payment_type: 'compound',
        account_no: compound.displayNo,
        nickname: 'Kereta Ali',
        bill: { amount_due: compound.amountDueSen, due_date: compound.dueDate },
      },
    });

    // The council's figure changes, or the bill is paid: the list says so at its next read.
    await db().update(bills).set({ amountDueSen: 12_345 }).where(eq(bills.id, compound.id));
    let list = (await browser.get('/api/my-accounts')).json();
    expect(list.limit).toBe(savedAccountLimit);
    expect(list.accounts).toHaveLength(1);
    expect(list.accounts[0].bill.amount_due).toBe(12_345);
    await db().update(bills).set({ amountDueSen: 0 }).where(eq(bills.id, compound.id));
    list = (await browser.get('/api/my-accounts')).json();
    expect(list.accounts[0].bill.amount_due).toBe(0);
  });

  test('a bill the council no longer has stays listed, with no bill, under the number saved', async () => {
    const { browser } = await registered();
    const [gone] = await db()
      .insert(bills)
      .values({
        councilCode: 'mps',
        paymentType: 'ticket',
        accountNo: 'T99GONE0001',
        displayNo: 'T99GONE0001',
        subType: null,
        status: 'unpaid',
        ownerName: 'WKA 1234',
        ownerIc: null,
        address: null,
        description: 'Letak kereta',
        amountDueSen: 3000,
        dueDate: '2027-01-31',
      })
      .returning();
    expect((await browser.post('/api/my-accounts', saveOf(gone!))).statusCode).toBe(200);
    await db().delete(bills).where(eq(bills.id, gone!.id));
    const list = (await browser.get('/api/my-accounts')).json();
    expect(list.accounts).toEqual([
      expect.objectContaining({ account_no: 'T99GONE0001', nickname: null, bill: null }),
    ]);
  });

  test('saving the same bill twice, however it is typed, keeps one and says it was saved already', async () => {
    const { browser } = await registered();
    const market = await pickBill('market');
    await browser.post('/api/my-accounts', saveOf(market));
    const again = await browser.post('/api/my-accounts', {
      ...saveOf(market),
      account_no: market.displayNo.toLowerCase().replaceAll('-', ''),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'already_saved' });
    expect((await browser.get('/api/my-accounts')).json().accounts).toHaveLength(1);
  });

  test('a bill that does not exist, or a nickname over 60 characters, is refused and nothing is saved', async () => {
    const { browser } = await registered();
    const missing = await browser.post('/api/my-accounts', {
      council: 'mps',
      payment_type: 'compound',
      account_no: 'KP99-NOPE',
    });
    expect(errorBody(missing)).toMatchObject({ error: 'not_found' });
    const ticket = await pickBill('ticket');
    const long = await browser.post('/api/my-accounts', saveOf(ticket, 'x'.repeat(61)));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'validation_failed',
      fields: { nickname: 'too_long' },
    });
    expect((await browser.get('/api/my-accounts')).json().accounts).toEqual([]);
  });

  test(`a user keeps at most ${savedAccountLimit} accounts: the next is refused`, async () => {
    const { browser } = await registered();
    const candidates = await db()
      .select()
      .from(bills)
      .where(eq(bills.paymentType, 'assessment'))
      .limit(savedAccountLimit + 1);
    for (const bill of candidates.slice(0, savedAccountLimit)) {
      expect((await browser.post('/api/my-accounts', saveOf(bill))).statusCode).toBe(200);
    }
    const beyond = await browser.post('/api/my-accounts', saveOf(candidates[savedAccountLimit]!));
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toMatchObject({ error: 'saved_accounts_full' });
    // One already saved is still answered as saved, full or not.
    const known = await browser.post('/api/my-accounts', saveOf(candidates[0]!));
    expect(known.json()).toMatchObject({ status: 'already_saved' });
    expect((await browser.get('/api/my-accounts')).json().accounts).toHaveLength(savedAccountLimit);
  });

  test('a nickname is changed and an account removed by its owner only', async () => {
    const owner = await registered();
    const stranger = await registered();
    const booking = await pickBill('license');
    const { account } = (await owner.browser.post('/api/my-accounts', saveOf(booking))).json();

    const renamed = await owner.browser.put(`/api/my-accounts/${account.id}`, {
      nickname: 'Kedai runcit',
    });
    expect(renamed.json()).toMatchObject({ account: { id: account.id, nickname: 'Kedai runcit' } });

    // Another user's row is as if it did not exist, and is left as it was.
    const theirs = await stranger.browser.put(`/api/my-accounts/${account.id}`, { nickname: 'x' });
    expect(errorBody(theirs)).toMatchObject({ error: 'not_found' });
    const removeTheirs = await stranger.browser.call('DELETE', `/api/my-accounts/${account.id}`);
    expect(removeTheirs.statusCode).toBe(404);
    expect((await owner.browser.get('/api/my-accounts')).json().accounts).toEqual([
      expect.objectContaining({ id: account.id, nickname: 'Kedai runcit' }),
    ]);

    const removed = await owner.browser.call('DELETE', `/api/my-accounts/${account.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await owner.browser.get('/api/my-accounts')).json().accounts).toEqual([]);
  });

  test('a guest is asked to log in, and a call without the CSRF token is refused', async () => {
    const guest = new TestBrowser(app, '198.51.100.200');
    expect(errorBody(await guest.get('/api/my-accounts'))).toMatchObject({
      error: 'login_required',
    });
    const ticket = await pickBill('ticket');
    expect((await guest.post('/api/my-accounts', saveOf(ticket))).statusCode).toBe(401);
    const { browser } = await registered();
    const forged = await browser.call('POST', '/api/my-accounts', saveOf(ticket), {
      'x-csrf-token': 'guessed',
    });
    expect(forged.json()).toMatchObject({ error: 'csrf_invalid' });
    expect((await browser.get('/api/my-accounts')).json().accounts).toEqual([]);
  });
});
