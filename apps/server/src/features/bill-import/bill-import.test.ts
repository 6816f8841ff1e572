import {
  billImportProgress,
  type BillImportAnswer,
  type BillImportProgress,
} from '@portal/domain/contracts/bill-import';
import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { and, desc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { runsOneTransactionAtATime } from '../../db/database';
import { auditLog, bills } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import {
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
} from '../../test/payment-fixtures';
import { errorBody, pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { pngOf } from '../../test/test-images';
import { rowOf, workbookOf } from '../../test/test-workbooks';

const { clock, nextStep } = steppingClock('2026-11-25T08:00:00Z');

const header =
  'account_no,status,owner_name,owner_ic,address,description,amount_due,due_date,vehicle_plate,offence,location,issued_at';

/** A parking ticket as a council's spreadsheet would have it, in a CSV line. */
const ticket = (n: number, changes: Partial<Record<string, string>> = {}) => {
  const cells = {
    account_no: `TF${String(n).padStart(6, '0')}`,
    status: 'unpaid',
    owner_name: `SAB ${n} A`,
    owner_ic: '',
    address: '',
    description: 'Letak kereta tanpa kupon',
    amount_due: '30.00',
    due_date: '31/01/2027',
    vehicle_plate: `SAB ${n} A`,
    offence: 'Letak kereta tanpa kupon',
    location: 'Jalan Tiga, Sandakan',
    issued_at: '20/11/2026 09:15',
    ...changes,
  };
  return Object.values(cells)
    .map((cell) => `"${cell.replaceAll('"', '""')}"`)
    .join(',');
};

const csv = (lines: string[]) => Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`);

describeEachDatabase('importing a file of bills', (db) => {
  const app = useTestApp(db, { clock });

  const ticketsLike = (prefix: string) =>
    db()
      .select()
      .from(bills)
      .where(and(eq(bills.councilCode, 'mps'), like(bills.accountNo, `${prefix}%`)));

  async function admin() {
    const browser = await staffLoggedIn(app, 'council_admin', nextStep());
    const send = (bytes: Buffer, query = '') =>
      browser.upload(`/api/office/bill-import?council=mps&payment_type=ticket${query}`, bytes);
    return { browser, send };
  }

  test('the template names the columns; a check names every problem by line and column and writes nothing', async () => {
    const { browser, send } = await admin();
    const template = await browser.get('/api/office/bill-import/template?payment_type=ticket');
    expect(template.headers['content-type']).toContain('text/csv');
    const [names, example, ...more] = template.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(names).toBe(
      header
        .split(',')
        .map((name) => `"${name}"`)
        .join(','),
    );
    // An example row, as an officer would fill one in, which an import skips.
    expect(example).toMatch(/^"#EXAMPLE","unpaid",.*"SAB 1234 A","Letak kereta tanpa kupon"/);
    expect(more).toEqual([]);
    const asIs = (await send(Buffer.from(template.body))).json<BillImportAnswer>();
    expect(asIs).toMatchObject({ rows: 0, created: 0, refused: 0 });
    expect(asIs.problems).toEqual([{ line: 2, column: null, problem: 'no_rows' }]);
    const filledIn = Buffer.from(`${template.body}${ticket(9)}\r\n`);
    expect((await send(filledIn)).json<BillImportAnswer>()).toMatchObject({
      rows: 1,
      created: 1,
      problems: [],
    });

    const checked = await send(
      csv([
        ticket(1),
        ticket(2, { owner_name: '=cmd|" /C calc"!A0' }),
        ticket(3, { amount_due: 'RM thirty' }),
        ticket(4, { issued_at: '' }),
        ticket(5),
        ticket(5, { description: 'The same ticket again' }),
        ticket(6, { amount_due: '0.00' }),
        ticket(7, { status: 'overdue' }),
      ]),
    );
    expect(checked.statusCode, checked.body).toBe(200);
    const answer = checked.json<BillImportAnswer>();
    expect(answer).toMatchObject({ rows: 8, applied: false, created: 1, refused: 7 });
    expect(answer.problems).toEqual([
      { line: 3, column: 'owner_name', problem: 'formula' },
      { line: 4, column: 'amount_due', problem: 'not_an_amount' },
      { line: 5, column: 'issued_at', problem: 'required' },
      { line: 6, column: 'account_no', problem: 'duplicate' },
      { line: 7, column: 'account_no', problem: 'duplicate' },
      { line: 8, column: 'amount_due', problem: 'nothing_owed' },
      { line: 9, column: 'status', problem: 'not_allowed', accepted: ['unpaid', 'paid'] },
    ]);
    expect(answer.changes).toEqual([{ line: 2, account_no: 'TF000001', outcome: 'created' }]);
    expect(await ticketsLike('TF')).toEqual([]);
  });

  test('the file checked is imported whole in one go, and a citizen finds its bills; another file, or a changed one, is refused', async () => {
    const { send } = await admin();
    const file = csv(Array.from({ length: 2500 }, (_, n) => ticket(10_000 + n)));
    const check = (await send(file)).json<BillImportAnswer>();
    expect(check).toMatchObject({ rows: 2500, created: 2500, refused: 0, applied: false });
    expect(check.changes).toHaveLength(1000);
    expect(check.more_changes).toBe(1500);
    // 2,500 rows write in well under a second: nothing to warn of, and PostgreSQL never pauses.
    expect(check.pause_seconds).toBe(runsOneTransactionAtATime(db()) ? 0 : null);

    const changed = Buffer.concat([file, Buffer.from(`${ticket(99_999)}\r\n`)]);
    const refused = await send(changed, `&apply=true&checked=${check.file}`);
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).fields).toEqual({ checked: 'code_invalid' });
    expect(await ticketsLike('TF01')).toEqual([]);

    const imported = await send(file, `&apply=true&checked=${check.file}`);
    expect(imported.json()).toMatchObject({ applied: true, created: 2500 });
    expect(await ticketsLike('TF01')).toHaveLength(2500);
    const found = await app().inject({
      method: 'POST',
      url: '/api/search',
      payload: { council: 'mps', payment_type: 'ticket', query: 'tf010042' },
      ...pageCsrf,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).toContain('3000');

    // The same file again changes nothing, and importing it writes nothing.
    const again = (await send(file)).json<BillImportAnswer>();
    expect(again).toMatchObject({ created: 0, unchanged: 2500 });
    const before = await ticketsLike('TF01');
    const reimported = await send(file, `&apply=true&checked=${again.file}`);
    expect(reimported.json()).toMatchObject({ applied: true, created: 0, updated: 0 });
    expect(await ticketsLike('TF01')).toEqual(before);
  });

  test('while a file is checked, its officer can read how far the work has come; once it ends, nothing is left', async () => {
    const { browser, send } = await admin();
    const id = randomUUID();
    const progressAt = `/api/office/bill-import/progress/${id}`;
    expect((await browser.get(progressAt)).statusCode).toBe(404);
    expect((await browser.get('/api/office/bill-import/progress/not-an-id')).statusCode).toBe(400);

    let ended = false;
    const checking = send(
      csv(Array.from({ length: 2500 }, (_, n) => ticket(20_000 + n))),
      `&progress=${id}`,
    ).finally(() => (ended = true));
    const heard: BillImportProgress[] = [];
    while (!ended) {
      const answer = await browser.get(progressAt);
      if (answer.statusCode === 200) heard.push(billImportProgress.parse(answer.json()));
      else expect(answer.statusCode).toBe(404);
      await setTimeout(10);
    }
    expect((await checking).json()).toMatchObject({ rows: 2500, created: 2500 });
    // The embedded database does the work in turns, and answers in between; PostgreSQL may
    // finish a file this small before the first question.
    if (runsOneTransactionAtATime(db())) expect(heard).not.toEqual([]);
    expect(heard.every((said) => said.step !== 'writing')).toBe(true);
    expect((await browser.get(progressAt)).statusCode).toBe(404);
  });

  test('a spreadsheet is read like a CSV; a picture, a wrong header or an empty file is refused', async () => {
    const { send } = await admin();
    const sheet = await writeExcelFile([
      header.split(','),
      [
        'TX000001',
        'unpaid',
        'SAB 1 X',
        null,
        null,
        'Letak kereta',
        45,
        { value: new Date(Date.UTC(2027, 0, 31)), format: 'dd/mm/yyyy' },
        'SAB 1 X',
        'Letak kereta tanpa kupon',
        'Jalan Empat',
        { value: new Date(Date.UTC(2026, 10, 20, 9, 15)), format: 'dd/mm/yyyy hh:mm' },
      ],
    ]).toBuffer();
    const read = (await send(sheet)).json<BillImportAnswer>();
    expect(read).toMatchObject({ rows: 1, created: 1, refused: 0 });
    await send(sheet, `&apply=true&checked=${read.file}`);
    expect((await ticketsLike('TX'))[0]).toMatchObject({
      amountDueSen: 4500,
      dueDate: '2027-01-31',
      details: { issued_at: '2026-11-20T09:15:00+08:00' },
    });

    const picture = await send(pngOf(4, 4));
    expect(picture.statusCode).toBe(415);
    expect(errorBody(picture).error).toBe('file_not_accepted');

    const renamed = Buffer.from(
      `${header.replace('offence', 'offense')}\r\n${ticket(7)}\r\n${ticket(8)}\r\n`,
    );
    const wrong = (await send(renamed)).json<BillImportAnswer>();
    expect(wrong.problems).toEqual([
      {
        line: 1,
        column: 'offense',
        problem: 'unknown_column',
        accepted: header.split(','),
      },
    ]);

    // A header without the offence, which every ticket needs, and without the optional address.
    const drop = (line: string, names: string[]) => {
      // ticket() quotes every cell, and none of these holds a quote.
      const cells = line.slice(1, -1).split('","');
      return header
        .split(',')
        .flatMap((name, index) => (names.includes(name) ? [] : [`"${cells[index]}"`]))
        .join(',');
    };
    const lacking = ['offence', 'address'];
    const narrow = Buffer.from(
      [
        header
          .split(',')
          .filter((name) => !lacking.includes(name))
          .join(','),
        drop(ticket(11), lacking),
        drop(ticket(12, { amount_due: 'lots' }), lacking),
      ].join('\r\n'),
    );
    expect((await send(narrow)).json<BillImportAnswer>().problems).toEqual([
      { line: 1, column: 'offence', problem: 'missing_column' },
      { line: 3, column: 'amount_due', problem: 'not_an_amount' },
    ]);

    const strayQuote = Buffer.from(`${header}\r\n${ticket(7)}\r\n"TF9","unpaid","SAB "9"",\r\n`);
    expect((await send(strayQuote)).json<BillImportAnswer>().problems).toEqual([
      { line: 3, column: null, problem: 'not_a_table' },
    ]);

    const empty = (await send(Buffer.from(`${header}\r\n`))).json<BillImportAnswer>();
    expect(empty.problems).toEqual([{ line: 2, column: null, problem: 'no_rows' }]);
  });

  test('a file from before a citizen paid a bill does not reopen it; an officer corrects it only explicitly, audited bill by bill', async () => {
    const { send } = await admin();
    const file = csv([ticket(30_001), ticket(30_002)]);
    const first = (await send(file)).json<BillImportAnswer>();
    await send(file, `&apply=true&checked=${first.file}`);
    const [bill] = await ticketsLike('TF030001');
    const started = await startPayment(pagePoster(app), [cartItemFor(bill!)]);
    await gatewayPoster(app)('callback', signedGatewayResponse(started.reference, started.amount));
    const paid = (await ticketsLike('TF030001'))[0]!;
    expect(paid).toMatchObject({ status: 'paid', amountDueSen: 0 });

    // The same file again: the paid bill is named, with its payment, and nothing is written.
    const resent = (await send(file)).json<BillImportAnswer>();
    expect(resent.problems).toEqual([
      { line: 2, column: null, problem: 'paid_by_portal', payment_reference: started.reference },
    ]);
    const refused = (
      await send(file, `&apply=true&checked=${resent.file}`)
    ).json<BillImportAnswer>();
    expect(refused.applied).toBe(false);
    expect((await ticketsLike('TF030001'))[0]).toEqual(paid);

    // The officer says the council's books hold the payment, and corrects the bill.
    const corrected = (await send(file, '&overwrite_paid=true')).json<BillImportAnswer>();
    expect(corrected).toMatchObject({ refused: 0, updated: 1, problems: [] });
    expect(corrected.changes).toEqual([
      { line: 2, account_no: 'TF030001', outcome: 'updated', payment_reference: started.reference },
    ]);
    const imported = await send(file, `&apply=true&checked=${corrected.file}&overwrite_paid=true`);
    expect(imported.json<BillImportAnswer>()).toMatchObject({ applied: true, updated: 1 });
    expect((await ticketsLike('TF030001'))[0]).toMatchObject({
      status: 'unpaid',
      amountDueSen: 3000,
    });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.councilCode, 'mps'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(audited.map((entry) => [entry.action, entry.target, entry.detail])).toEqual([
      ['bill_corrected', 'ticket TF030001', { payment_reference: started.reference, line: 2 }],
      [
        'bills_imported',
        `ticket ${corrected.file.slice(0, 12)}`,
        { applied: true, rows: 2, created: 0, updated: 1, refused: 0 },
      ],
    ]);
  });

  test('a cell holding half a surrogate pair or a control character is named, never a failure; a line break in a cell is a space', async () => {
    const { send } = await admin();
    const cells = ticket(40_001).slice(1, -1).split('","');
    const broken = (index: number, text: string) =>
      rowOf(
        2,
        cells.map((cell, at) => (at === index ? text : cell)),
      );
    const header1 = rowOf(1, header.split(','));
    // XML writes the half as a character reference; the reader turns it back into one.
    const surrogate = workbookOf(`${header1}${broken(2, 'SAB').replace('SAB', 'SAB&#xD800;')}`);
    expect((await send(surrogate)).json<BillImportAnswer>().problems).toEqual([
      { line: 2, column: 'owner_name', problem: 'not_text' },
    ]);
    const control = Buffer.from(
      `${header}\r\n${ticket(40_002, { description: 'Letak\u0007kereta' })}\r\n`,
    );
    expect((await send(control)).json<BillImportAnswer>().problems).toEqual([
      { line: 2, column: 'description', problem: 'not_text' },
    ]);
    const twoLines = Buffer.from(
      `${header}\r\n${ticket(40_003, { address: 'No. 3\nJalan Tiga' })}\r\n`,
    );
    expect((await send(twoLines)).json<BillImportAnswer>()).toMatchObject({
      problems: [],
      created: 1,
    });
  });

  test('a workbook crafted to stop the portal is refused, naming the bound, while citizens are answered', async () => {
    const { send } = await admin();
    const headerRow = rowOf(1, header.split(','));
    const farCorner = workbookOf(
      `${headerRow}<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>`,
    );
    const spaces = ' '.repeat(16 * 1024 * 1024);
    const spaceInTag = workbookOf(`${headerRow}<row r="2"><c r="A2"${spaces}><v>1</v></c></row>`, {
      options: { level: 9 },
    });
    expect(farCorner.length + spaceInTag.length).toBeLessThan(20 * 1024);

    const search = () =>
      app().inject({
        method: 'POST',
        url: '/api/search',
        payload: { council: 'mps', payment_type: 'ticket', query: 'TF000001' },
        ...pageCsrf,
      });
    const [far, space, ...searches] = await Promise.all([
      send(farCorner),
      send(spaceInTag),
      ...Array.from({ length: 5 }, search),
    ]);
    for (const answer of searches) expect(answer.statusCode).not.toBeGreaterThanOrEqual(500);
    expect(far.json<BillImportAnswer>()).toMatchObject({
      applied: false,
      problems: [{ line: 1_048_576, column: null, problem: 'too_many_rows' }],
    });
    expect(space.json<BillImportAnswer>().problems).toEqual([
      { line: 1, column: null, problem: 'workbook_packed_too_tightly' },
    ]);

    const longLine = Buffer.from(`${header}\r\n"TF1,${'x'.repeat(70_000)}\r\n`);
    expect((await send(longLine)).json<BillImportAnswer>().problems).toEqual([
      { line: 2, column: null, problem: 'line_too_long' },
    ]);
  });

  test('a malformed CSV or workbook is answered with its problems or refused, never a failure, and writes nothing', async () => {
    const { send } = await admin();
    const before = await db().select().from(bills).where(eq(bills.councilCode, 'mps'));
    const valid = workbookOf(
      rowOf(1, header.split(',')) + rowOf(2, ticket(1).slice(1, -1).split('","')),
    );
    const malformedWorkbook = fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 64 }))
      .map(([at, noise]) =>
        Buffer.concat([valid.subarray(0, at), noise, valid.subarray(at + noise.length)]),
      );
    const malformedCsv = fc
      .array(
        fc.oneof(
          fc.constantFrom('"', ',', '\r\n', '\n', '""', '\uFEFF', '=1+1', '\u00e9'),
          fc.string(),
        ),
        {
          maxLength: 40,
        },
      )
      .map((parts) => Buffer.from(`${header}\r\n${parts.join('')}`));
    const invalidUtf8 = fc
      .uint8Array({ minLength: 1, maxLength: 32 })
      .map((noise) =>
        Buffer.concat([
          Buffer.from(`${header}\r\n`),
          Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80]),
          noise,
        ]),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: malformedWorkbook, weight: 1 },
          { arbitrary: malformedCsv, weight: 4 },
          invalidUtf8,
        ),
        async (file) => {
          const answer = await send(file);
          expect([200, 400, 415], answer.body).toContain(answer.statusCode);
          if (answer.statusCode !== 200) expect(errorBody(answer).error).toBe('file_not_accepted');
        },
      ),
      { numRuns: 60 },
    );
    expect(await db().select().from(bills).where(eq(bills.councilCode, 'mps'))).toEqual(before);
  }, 120_000);
});
