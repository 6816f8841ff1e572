import type { ApplicationRecordInput } from '@portal/domain/application-records';
import type { BillImportAnswer } from '@portal/domain/contracts/bill-import';
import type { BatchAnswer } from '@portal/domain/contracts/council-api';
import { and, asc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, licenceApplicationEvents, licenceApplications } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T05:00:00Z');

/** An application as a council's licensing system would send it. */
function application(n: number, changes: Partial<ApplicationRecordInput> = {}) {
  return {
    reference: `PL-API-${String(n).padStart(4, '0')}`,
    applicant_name: `Pemohon Nombor ${n}`,
    business_name: `Kedai Runcit ${n} Sdn. Bhd.`,
    kind: 'operasi',
    history: [
      { status: 'received', on: '2026-10-01' },
      { status: 'in_review', on: '2026-10-08', note: 'Lawatan tapak dijadualkan.' },
    ],
    ...changes,
  } as ApplicationRecordInput;
}

describeEachDatabase('licence applications', (db) => {
  const app = useTestApp(db, { clock });

  async function keyFor(council: 'mps' | 'mpt' = 'mps') {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const made = await admin.post('/api/office/api-keys', { council, name: 'Sistem lesen' });
    expect(made.statusCode, made.body).toBe(200);
    return made.json<{ key: string }>().key;
  }

  const send = async (key: string, records: unknown, query = '') => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/council/v1/applications${query}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { records },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BatchAnswer>();
  };

  const follow = (council: string, reference: string) =>
    app().inject({
      method: 'POST',
      url: '/api/licences/application',
      payload: { council, reference },
      ...pageCsrf,
    });

  const stored = async (council: string, reference: string) => {
    const [row] = await db()
      .select()
      .from(licenceApplications)
      .where(
        and(
          eq(licenceApplications.councilCode, council),
          eq(licenceApplications.reference, reference),
        ),
      );
    if (!row) return undefined;
    const events = await db()
      .select()
      .from(licenceApplicationEvents)
      .where(eq(licenceApplicationEvents.applicationId, row.id))
      .orderBy(asc(licenceApplicationEvents.position));
    return { row, events };
  };

  test('applications come in by the council API: created, unchanged when sent again, updated, and followed by citizens', async () => {
    const key = await keyFor();
    const first = await send(key, [application(1), application(2)]);
    expect(first).toMatchObject({ applied: true, created: 2, refused: 0 });
    expect(first.records[0]).toMatchObject({
      index: 0,
      payment_type: null,
      account_no: 'PL-API-0001',
      outcome: 'created',
    });
    expect(await send(key, [application(1), application(2)])).toMatchObject({
      applied: true,
      created: 0,
      updated: 0,
      unchanged: 2,
    });

    const approved = application(1, {
      history: [
        ...application(1).history,
        { status: 'approved_awaiting_payment', on: '2026-11-02' },
        { status: 'approved', on: '2026-11-20', note: 'Fi lesen dibayar.' },
      ],
      licence_no: 'LO-2026-009001',
    });
    expect(await send(key, [approved])).toMatchObject({ updated: 1, unchanged: 0 });
    const seen = (await follow('mps', 'pl api 0001')).json();
    expect(seen).toMatchObject({
      reference: 'PL-API-0001',
      status: 'approved',
      submitted_on: '2026-10-01',
      decided_on: '2026-11-02',
      licence_no: 'LO-2026-009001',
      applicant_name: expect.stringMatching(/^Pemo\*+$/),
    });
    expect(seen.history).toEqual([
      { status: 'received', on: '2026-10-01', note: null },
      { status: 'in_review', on: '2026-10-08', note: 'Lawatan tapak dijadualkan.' },
      { status: 'approved_awaiting_payment', on: '2026-11-02', note: null },
      { status: 'approved', on: '2026-11-20', note: 'Fi lesen dibayar.' },
    ]);
    const actions = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'applications_upserted'));
    expect(actions.length).toBeGreaterThanOrEqual(3);
  });

  test('each wrong record is refused with each problem by its field, and changes nothing', async () => {
    const key = await keyFor();
    const answer = await send(key, [
      application(10, {
        history: [
          { status: 'received', on: '2026-10-09' },
          { status: 'in_review', on: '2026-10-01' },
        ],
      }),
      application(11, { history: [{ status: 'received', on: '2026-12-01' }] }),
      application(12, { history: [{ status: 'approved', on: '2026-10-01' }] }),
      application(13, { history: [{ status: 'received', on: '2026-10-01' }], licence_no: 'LO-1' }),
      application(14, { history: [{ status: 'rejected', on: '2026-10-01' }] }),
      application(15, { kind: 'kapal' as never, history: [] }),
      application(16, { council: 'mpt' }),
      { ...application(18), applicant_ic: '800101125555' },
      application(17),
      application(17),
    ]);
    expect(answer).toMatchObject({ applied: true, created: 0, refused: 10 });
    const fields = answer.records.map((record) => [record.reason, record.fields]);
    expect(fields).toEqual([
      ['invalid', { 'history.1.on': 'before_previous' }],
      ['invalid', { 'history.0.on': 'in_the_future' }],
      ['invalid', { licence_no: 'required_when_approved' }],
      ['invalid', { licence_no: 'only_when_approved' }],
      ['invalid', { note: 'required_when_rejected' }],
      ['invalid', { kind: expect.any(String), history: expect.any(String) }],
      ['other_council', undefined],
      ['invalid', { applicant_ic: 'not_taken' }],
      ['invalid', { reference: 'named_twice' }],
      ['invalid', { reference: 'named_twice' }],
    ]);
    for (const n of [10, 11, 12, 13, 14, 17]) {
      expect(await stored('mps', `PLAPI00${n}`)).toBeUndefined();
    }
  });

  test('a dry run writes nothing; an atomic batch with one refusal writes nothing; without, the others are written', async () => {
    const key = await keyFor();
    const dry = await send(key, [application(20)], '?dry_run=true');
    expect(dry).toMatchObject({ applied: false, created: 1 });
    expect(await stored('mps', 'PLAPI0020')).toBeUndefined();

    const wrong = application(22, { history: [{ status: 'approved', on: '2026-10-01' }] });
    const atomic = await send(key, [application(21), wrong], '?atomic=true');
    expect(atomic).toMatchObject({ applied: false, created: 1, refused: 1 });
    expect(await stored('mps', 'PLAPI0021')).toBeUndefined();

    const each = await send(key, [application(21), wrong]);
    expect(each).toMatchObject({ applied: true, created: 1, refused: 1 });
    expect((await stored('mps', 'PLAPI0021'))?.events).toHaveLength(2);
  });

  test("another council's key cannot touch an application: it makes its own council's", async () => {
    const sandakan = await keyFor('mps');
    const tawau = await keyFor('mpt');
    await send(sandakan, [application(30)]);
    const theirs = await send(tawau, [
      application(30, { business_name: 'Diubah oleh Tawau', council: 'mps' }),
    ]);
    expect(theirs.records[0]).toMatchObject({ outcome: 'refused', reason: 'other_council' });
    await send(tawau, [application(30, { business_name: 'Kedai Tawau' })]);
    expect((await stored('mps', 'PLAPI0030'))?.row.businessName).toBe('Kedai Runcit 30 Sdn. Bhd.');
    expect((await stored('mpt', 'PLAPI0030'))?.row.businessName).toBe('Kedai Tawau');
  });

  test('applications come in from the back office file too, by the same checks and as idempotent', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const upload = (bytes: Buffer, query = '') =>
      admin.upload(`/api/office/bill-import?council=mps&payment_type=application${query}`, bytes);
    const template = await admin.get('/api/office/bill-import/template?payment_type=application');
    const [names] = template.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(names).toBe(
      '"reference","applicant_name","business_name","kind","status","on","step_note","licence_no","note"',
    );
    const file = (lines: string[]) =>
      Buffer.from(`${template.body}${lines.map((line) => `${line}\r\n`).join('')}`);
    const good = file([
      'PL-FILE-1,Lim Mei Ling 林美玲,Kedai Kopi Lim,operasi,received,01/10/2026,,,',
      'PL-FILE-1,Lim Mei Ling 林美玲,Kedai Kopi Lim,operasi,in_review,08/10/2026,Lawatan tapak.,,',
      'PL-FILE-2,Ahmad bin Ali,Gerai Ahmad,penjaja,received,2026-10-03,,,',
      'PL-FILE-1,Lim Mei Ling 林美玲,Kedai Kopi Lim,operasi,approved,20/11/2026,,LO-2026-009100,',
    ]);
    const check = (await upload(good)).json<BillImportAnswer>();
    expect(check).toMatchObject({ rows: 4, applied: false, created: 2, refused: 0, problems: [] });
    expect(await stored('mps', 'PLFILE1')).toBeUndefined();
    const imported = (
      await upload(good, `&apply=true&checked=${check.file}`)
    ).json<BillImportAnswer>();
    expect(imported).toMatchObject({ applied: true, created: 2 });
    const seen = (await follow('mps', 'PL-FILE-1')).json();
    expect(seen).toMatchObject({ status: 'approved', licence_no: 'LO-2026-009100' });
    expect(seen.history).toHaveLength(3);
    expect((await stored('mps', 'PLFILE1'))?.events[0]?.by).toBe(
      'import:admin.mps@staff.portal.test',
    );
    expect((await upload(good)).json<BillImportAnswer>()).toMatchObject({
      unchanged: 2,
      created: 0,
    });

    const bad = file([
      'PL-FILE-3,Tan Ah Kow,Kedai Tan,operasi,received,09/10/2026,,,',
      'PL-FILE-3,Tan Ah Kow,Kedai Tan,operasi,in_review,01/10/2026,,,',
      'PL-FILE-4,Siti,Gerai Siti,pasar,approved,01/10/2026,,,',
      'PL-FILE-5,Raju,Kedai Raju,kapal,received,01/12/2026,,,',
      'PL-FILE-6,Wong,Kedai Wong,operasi,rejected,01/10/2026,,,',
    ]);
    const refused = (await upload(bad)).json<BillImportAnswer>();
    expect(refused.problems).toEqual([
      { line: 4, column: 'on', problem: 'before_previous' },
      { line: 5, column: 'licence_no', problem: 'required_when_approved' },
      {
        line: 6,
        column: 'kind',
        problem: 'not_allowed',
        accepted: expect.arrayContaining(['operasi']),
      },
      { line: 7, column: 'note', problem: 'required_when_rejected' },
    ]);
    const notImported = await upload(bad, `&apply=true&checked=${refused.file}`);
    expect(notImported.json<BillImportAnswer>().applied).toBe(false);
    expect(await stored('mps', 'PLFILE3')).toBeUndefined();
  });

  test('an officer moves an application on, audited; another council is not found; the citizen sees it', async () => {
    const key = await keyFor();
    await send(key, [application(40)]);
    const officer = await staffLoggedIn(app, 'officer', nextStep());
    const found = await officer.post('/api/office/licence-applications/find', {
      council: 'mps',
      reference: 'pl-api-0040',
    });
    expect(found.statusCode, found.body).toBe(200);
    const { id } = found.json<{ id: number }>();
    expect(found.json()).toMatchObject({
      status: 'in_review',
      applicant_name: 'Pemohon Nombor 40',
    });

    const missingLicence = await officer.post(`/api/office/licence-applications/${id}/status`, {
      status: 'approved',
      note: '',
    });
    expect(missingLicence.statusCode).toBe(400);
    expect(missingLicence.json()).toMatchObject({
      error: 'validation_failed',
      fields: { licence_no: 'required' },
    });
    const same = await officer.post(`/api/office/licence-applications/${id}/status`, {
      status: 'in_review',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: 'data_no_changes' });

    const moved = await officer.post(`/api/office/licence-applications/${id}/status`, {
      status: 'approved',
      licence_no: 'LO-2026-009040',
      note: 'Lesen boleh dicetak selepas bayaran.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().history.at(-1)).toEqual({
      status: 'approved',
      on: '2026-11-25',
      note: 'Lesen boleh dicetak selepas bayaran.',
      by: 'officer.mps@staff.portal.test',
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'application_status_changed'));
    expect(entry).toMatchObject({
      actor: 'officer.mps@staff.portal.test',
      councilCode: 'mps',
      target: 'PL-API-0040',
      detail: { status: 'approved', previous_status: 'in_review', licence_no: 'LO-2026-009040' },
    });

    const seen = (await follow('mps', 'PL-API-0040')).json();
    expect(seen).toMatchObject({ status: 'approved', licence_no: 'LO-2026-009040' });
    expect(seen.history.map((step: { status: string }) => step.status)).toEqual([
      'received',
      'in_review',
      'approved',
    ]);

    // The council's system sending its record again keeps the officer's name on the steps it holds.
    const resent = application(40, {
      history: [
        ...application(40).history,
        { status: 'approved', on: '2026-11-25', note: 'Lesen boleh dicetak selepas bayaran.' },
      ],
      licence_no: 'LO-2026-009040',
      note: 'Lesen boleh dicetak selepas bayaran.',
    });
    expect(await send(key, [resent])).toMatchObject({ unchanged: 1 });
    // A record taken before the officer's decision does not undo it for the applicant.
    const stale = await send(key, [application(40, { note: 'Menunggu laporan bomba.' })]);
    expect(stale.records[0]).toMatchObject({ outcome: 'refused', reason: 'decided_in_portal' });
    expect((await stored('mps', 'PLAPI0040'))?.row.status).toBe('approved');

    // Tawau's staff find no Sandakan application, by reference or by id.
    const tawau = await staffLoggedIn(app, 'finance.mpt@staff.portal.test', nextStep());
    const elsewhere = await tawau.post('/api/office/licence-applications/find', {
      council: 'mps',
      reference: 'PL-API-0040',
    });
    expect(elsewhere.statusCode).toBe(404);
    const touched = await tawau.post(`/api/office/licence-applications/${id}/status`, {
      status: 'rejected',
      note: 'Tidak lengkap.',
    });
    expect(touched.statusCode).toBe(404);
    expect((await stored('mps', 'PLAPI0040'))?.row.status).toBe('approved');

    // The state admin works on any council's.
    const state = await staffLoggedIn(app, '_admin', nextStep());
    const anywhere = await state.post('/api/office/licence-applications/find', {
      council: 'mps',
      reference: 'PL-API-0040',
    });
    expect(anywhere.statusCode).toBe(200);
  });
});
