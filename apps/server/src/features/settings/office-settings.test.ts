import type { AuditAction } from '@portal/domain/contracts/audit';
import { maxImageBytes } from '@portal/domain/images';
import { count, desc, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, images } from '../../db/schema';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { errorBody, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { jpegHeaderOf, pngOf } from '../../test/test-images';

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
    reopens_at: '',
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

  test('the state admin says when the portal is expected back; every page hears it, opening forgets it', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const closed = await admin.post('/api/office/settings', {
      ...form,
      reopens_at: '2026-11-25T14:00',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ closing: true, reopens_at: '2026-11-25T14:00' });
    expect(await publicSettings()).toMatchObject({ closing: true, reopens_at: '2026-11-25T14:00' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ reopens_at: '2026-11-25T14:00' });

    const refused = await admin.post('/api/office/settings', { ...form, reopens_at: '25/11/2026' });
    expect(errorBody(refused).fields).toMatchObject({ reopens_at: 'date_invalid' });

    const opened = await admin.post('/api/office/settings', {
      ...form,
      closing: 'no',
      reopens_at: '2026-11-25T14:00',
    });
    expect(opened.json()).toMatchObject({ closing: false, reopens_at: null });
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

describeEachDatabase('the announcement and the helpline in the back office', (db) => {
  const app = useTestApp(db, { clock });
  const publicSettings = async () =>
    (await app().inject({ method: 'GET', url: '/api/settings' })).json();
  const imageCount = async () => (await db().select({ n: count() }).from(images))[0]!.n;
  const auditOf = (action: AuditAction) =>
    db().select().from(auditLog).where(eq(auditLog.action, action));
  const words = {
    alt_ms: 'Bayar cukai taksiran sebelum 28 Februari',
    alt_en: 'Pay your assessment tax before 28 February',
    alt_zh: '请在2月28日前缴交门牌税',
  };

  test('the state admin uploads a picture and shows it as the announcement; the same words keep its id, new ones make a new one', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const picture = pngOf(120, 80);
    const stored = await admin.upload('/api/office/images', picture);
    expect(stored.statusCode, stored.body).toBe(200);
    const { image } = stored.json<{ image: string }>();
    expect(stored.json()).toEqual({ image, width: 120, height: 80 });
    const served = await app().inject({ method: 'GET', url: `/api/images/${image}` });
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect(await auditOf('image_stored')).toMatchObject([
      { actor: 'admin@staff.portal.test', target: image },
    ]);

    const form = { shown: 'yes', image, ...words, reason: 'Assessment deadline' };
    const shown = await admin.post('/api/office/settings/announcement', form);
    expect(shown.statusCode, shown.body).toBe(200);
    const { announcement } = await publicSettings();
    expect(announcement).toEqual({
      id: expect.stringMatching(/^a-[0-9a-f]{16}$/),
      image: `/api/images/${image}`,
      alt: { ms: words.alt_ms, en: words.alt_en, zh: words.alt_zh },
    });
    expect(await auditOf('announcement_changed')).toMatchObject([
      { reason: 'Assessment deadline', detail: { shown: true, image } },
    ]);

    // Hidden and shown again, it is the announcement a reader closed: it keeps its id.
    await admin.post('/api/office/settings/announcement', {
      ...form,
      shown: 'no',
      reason: 'Paused',
    });
    expect((await publicSettings()).announcement).toBeNull();
    await admin.post('/api/office/settings/announcement', { ...form, reason: 'Back on' });
    expect((await publicSettings()).announcement.id).toBe(announcement.id);
    await admin.post('/api/office/settings/announcement', {
      ...form,
      alt_en: 'Pay your assessment tax before 31 March',
      reason: 'Deadline moved',
    });
    expect((await publicSettings()).announcement.id).not.toBe(announcement.id);
  });

  test('a file that is no picture, a picture that does not decode, too large or sent as JSON is refused and nothing is stored', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = await imageCount();
    const uploadsBefore = (await auditOf('image_stored')).length;
    for (const [bytes, status, code] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, 'file_not_accepted'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 415, 'file_not_accepted'],
      [Buffer.concat([pngOf(4, 4), Buffer.alloc(maxImageBytes)]), 413, 'too_large'],
      [Buffer.alloc(0), 415, 'file_not_accepted'],
      // A real header, cut short: it would print as a 500 on every licence naming it.
      [pngOf(64, 64).subarray(0, 60), 415, 'file_not_accepted'],
      [Buffer.concat([jpegHeaderOf(64, 64), Buffer.alloc(32)]), 415, 'file_not_accepted'],
    ] as const) {
      const refused = await admin.upload('/api/office/images', bytes);
      expect(refused.statusCode).toBe(status);
      expect(errorBody(refused).error).toBe(code);
    }
    const asJson = await admin.post('/api/office/images', { image: 'iVBORw0KGgo=' });
    expect(errorBody(asJson).error).toBe('file_not_accepted');
    expect(await imageCount()).toBe(before);
    expect(await auditOf('image_stored')).toHaveLength(uploadsBefore);

    // Staff below a council admin, and strangers, are refused before their bytes are read.
    for (const role of ['officer', 'finance'] as const) {
      const staff = await staffLoggedIn(app, role, nextStep());
      expect((await staff.upload('/api/office/images', pngOf(8, 8))).statusCode).toBe(403);
    }
    const stranger = await app().inject({
      method: 'POST',
      url: '/api/office/images',
      headers: { 'content-type': 'application/octet-stream' },
      payload: pngOf(8, 8),
    });
    expect(stranger.statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
  });

  test('an announcement naming no stored picture, or missing a language, changes nothing', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = await publicSettings();
    const form = { shown: 'yes', image: 'a'.repeat(64), ...words, reason: 'New poster' };
    for (const [change, field, message] of [
      [{}, 'image', 'required'],
      [{ image: '' }, 'image', 'required'],
      [{ alt_zh: ' ' }, 'alt_zh', 'required'],
      [{ shown: 'maybe' }, 'shown', 'required'],
    ] as const) {
      const refused = await admin.post('/api/office/settings/announcement', { ...form, ...change });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ [field]: message });
    }
    expect(await publicSettings()).toEqual(before);
  });

  const week = (hours: Record<string, string>) => ({
    phone: '088-123 456',
    email: 'Bantuan@Portal.Sabah.gov.my',
    address: 'Aras 3, Wisma Kerajaan, 88000 Kota Kinabalu',
    ...hours,
    reason: 'Helpline opens',
  });
  const mondayToThursday = [1, 2, 3, 4].flatMap((day) => [
    [`hours_${day}_1_opens`, '08:00'],
    [`hours_${day}_1_closes`, '13:00'],
    [`hours_${day}_2_opens`, '14:00'],
    [`hours_${day}_2_closes`, '17:00'],
  ]);
  const friday = {
    hours_5_1_opens: '08:00',
    hours_5_1_closes: '11:30',
    hours_5_2_opens: '14:00',
    hours_5_2_closes: '17:00',
  };

  test("the state admin sets the portal's helpline and its week; citizens see it, and blank takes it away", async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const changed = await admin.post(
      '/api/office/settings/helpline',
      week({ ...Object.fromEntries(mondayToThursday), ...friday }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await publicSettings()).helpline).toEqual({
      phone: '088-123 456',
      email: 'bantuan@portal.sabah.gov.my',
      address: 'Aras 3, Wisma Kerajaan, 88000 Kota Kinabalu',
      opening_hours: [
        { days: [1, 2, 3, 4], opens: '08:00', closes: '13:00' },
        { days: [1, 2, 3, 4], opens: '14:00', closes: '17:00' },
        { days: [5], opens: '08:00', closes: '11:30' },
        { days: [5], opens: '14:00', closes: '17:00' },
      ],
    });
    expect(await auditOf('helpline_changed')).toMatchObject([
      { reason: 'Helpline opens', detail: { phone: '088-123 456' } },
    ]);

    const cleared = await admin.post('/api/office/settings/helpline', {
      phone: '',
      email: '',
      address: '',
      reason: 'Number withdrawn',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await publicSettings()).helpline).toBeNull();
  });

  test('a helpline with a wrong number, a time out of order or half a period changes nothing', async () => {
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const before = await publicSettings();
    for (const [change, field, message] of [
      [{ phone: 'call us' }, 'phone', 'phone_invalid'],
      [{ email: 'bantuan@' }, 'email', 'email_invalid'],
      [{ hours_1_1_opens: '25:00', hours_1_1_closes: '26:00' }, 'hours_1_1_opens', 'time_invalid'],
      [{ hours_1_1_opens: '13:00', hours_1_1_closes: '08:00' }, 'hours_1_1_closes', 'time_order'],
      [{ hours_2_1_opens: '08:00' }, 'hours_2_1_closes', 'required'],
      [{ hours_3_2_opens: '14:00', hours_3_2_closes: '17:00' }, 'hours_3_1_opens', 'required'],
      [{ ...friday, hours_5_2_opens: '11:00' }, 'hours_5_2_opens', 'time_order'],
      [{ reason: '' }, 'reason', 'required'],
    ] as const) {
      const refused = await admin.post('/api/office/settings/helpline', { ...week({}), ...change });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).fields).toMatchObject({ [field]: message });
    }
    expect(await publicSettings()).toEqual(before);
    const council = await staffLoggedIn(app, 'council_admin', nextStep());
    expect((await council.post('/api/office/settings/helpline', week({}))).statusCode).toBe(403);
  });
});
