import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('editing the portal’s own pages', (db) => {
  const app = useTestApp(db, { clock });
  const publicPage = async () =>
    (await app().inject({ method: 'GET', url: '/api/content?page=refund&lang=en' })).json();

  test('the state admin rewrites the refund policy in English; citizens read the new words', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = (await admin.get('/api/office/content?page=refund&lang=en')).json();
    expect(before.body.length).toBeGreaterThan(0);
    const body = '## Refunds\n\nA refund reaches your card within **14 working days**.';
    const changed = await admin.post('/api/office/content', {
      page: 'refund',
      lang: 'en',
      title: 'Refund policy',
      body,
      reason: 'New refund rules',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ body, updated_by: 'admin@staff.portal.test' });
    expect(await publicPage()).toMatchObject({ title: 'Refund policy', body });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content_changed'));
    expect(entry).toMatchObject({ target: 'refund/en', reason: 'New refund rules' });
  });

  test('an empty body, a control character or no reason changes nothing; a council admin may not', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = await publicPage();
    const edit = { page: 'refund', lang: 'en', title: 'T', body: 'Words', reason: 'R' };
    for (const [change, field, message] of [
      [{ body: '   ' }, 'body', 'required'],
      [{ body: 'A\u0007bell' }, 'body', 'characters_invalid'],
      [{ reason: '' }, 'reason', 'required'],
    ] as const) {
      const refused = await admin.post('/api/office/content', { ...edit, ...change });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ [field]: message });
    }
    expect((await admin.post('/api/office/content', { ...edit, page: 'nosuch' })).statusCode).toBe(
      400,
    );
    expect(await publicPage()).toEqual(before);
    const council = await staffLoggedIn(app, 'council_admin', nextStep());
    expect((await council.post('/api/office/content', edit)).statusCode).toBe(403);
  });
});
