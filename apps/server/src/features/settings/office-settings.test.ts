import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

describeEachDatabase('site settings in the back office', (db) => {
  const app = useTestApp(db, { clock });
  const publicSettings = async () =>
    (await app().inject({ method: 'GET', url: '/api/settings' })).json();
  const form = {
    closing: 'yes',
    closing_message_ms: 'Ditutup untuk penyelenggaraan hingga 2 pagi.',
    closing_message_en: 'Closed for maintenance until 2 am.',
    closing_message_zh: '维护关闭至凌晨2点。',
    snackbar_message_ms: '',
    snackbar_message_en: '',
    snackbar_message_zh: '',
    app_version: '1.4.2',
    reason: 'Database upgrade tonight',
  };

  test('the state admin closes the portal with a notice in three languages; every page hears at once', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const changed = await admin.post('/api/office/settings', form);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      closing: true,
      closing_message: { en: 'Closed for maintenance until 2 am.' },
      snackbar_message: null,
      app_version: '1.4.2',
    });
    expect(await publicSettings()).toMatchObject({ closing: true, app_version: '1.4.2' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings_changed'));
    expect(entry).toMatchObject({
      actor: 'admin@staff.portal.test',
      reason: 'Database upgrade tonight',
    });

    const reopened = await admin.post('/api/office/settings', {
      ...form,
      closing: 'no',
      closing_message_ms: '',
      closing_message_en: '',
      closing_message_zh: '',
      reason: 'Upgrade done',
    });
    expect(reopened.json()).toMatchObject({ closing: false, closing_message: null });
    expect((await publicSettings()).closing).toBe(false);
  });

  test('a message missing a language, a bad version or no reason changes nothing; only the state admin may', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = await publicSettings();
    for (const [change, field, message] of [
      [{ closing_message_zh: '' }, 'closing_message_zh', 'required'],
      [{ app_version: 'v2' }, 'app_version', 'version_invalid'],
      [{ reason: '' }, 'reason', 'required'],
    ] as const) {
      const refused = await admin.post('/api/office/settings', { ...form, ...change });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ [field]: message });
    }
    expect(await publicSettings()).toEqual(before);
    const council = await staffLoggedIn(app, 'council_admin', nextStep());
    expect((await council.post('/api/office/settings', form)).statusCode).toBe(403);
  });
});
