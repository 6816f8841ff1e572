import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { expect, test } from 'vitest';
import { contentPages as pages } from '../../db/schema';
import { demoMember, staffLoggedIn, steppingClock } from '../../test/office-staff';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { auditedChange } from './audit-log';

const { clock, nextStep } = steppingClock('2026-11-25T05:00:00Z');

describeEachDatabase('audit log', (db) => {
  const app = useTestApp(db, { clock });

  test('the state-wide admin finds entries by actor, action, council and Malaysia date', async () => {
    await staffLoggedIn(app, 'officer', nextStep());
    await staffLoggedIn(app, 'finance.mpt@staff.portal.test', nextStep());
    const admin = await staffLoggedIn(app, '_admin', nextStep());
    const search = async (query: string) =>
      (await admin.get(`/api/office/audit?${query}`)).json() as {
        entries: { actor: string; action: string; council: string | null; ip: string }[];
        total: number;
      };

    const officer = demoMember('officer').email;
    const byActor = await search(`actor=${officer.toUpperCase()}`);
    expect(byActor.entries).toEqual([
      expect.objectContaining({
        actor: officer,
        action: 'login',
        council: 'mps',
        ip: '203.0.113.80',
      }),
    ]);
    const ofTawau = await search('council=mpt&action=login');
    expect(ofTawau.entries.map((entry) => entry.actor)).toEqual(['finance.mpt@staff.portal.test']);
    expect((await search('from=2026-11-25&to=2026-11-25')).total).toBeGreaterThanOrEqual(3);
    expect((await search('from=2026-11-26')).total).toBe(0);
    // Reading the log is itself recorded.
    const reads = await search('action=audit_searched');
    expect(reads.total).toBeGreaterThanOrEqual(4);
    expect((await admin.get('/api/office/audit?action=rewrite')).statusCode).toBe(400);
  });

  test('a change whose audit entry cannot be written is undone with it', async () => {
    const [before] = await db().select().from(pages).where(eq(pages.page, 'privacy')).limit(1);
    // As a request would have it: the server's clock, an address and an id.
    const request = { server: app(), ip: '203.0.113.81', id: 'req-1' } as unknown as FastifyRequest;
    const change = auditedChange(
      db(),
      request,
      { email: 'admin@staff.portal.test' },
      (tx) =>
        tx
          .update(pages)
          .set({ title: 'Changed without a trace' })
          .where(and(eq(pages.page, before!.page), eq(pages.lang, before!.lang))),
      // PostgreSQL refuses half a surrogate pair inside JSON: the entry cannot be written.
      () => ({ action: 'content_changed', detail: { title: 'broken \ud800' } }),
    );
    await expect(change).rejects.toThrow();
    const [after] = await db()
      .select()
      .from(pages)
      .where(and(eq(pages.page, before!.page), eq(pages.lang, before!.lang)));
    expect(after!.title).toBe(before!.title);
  });
});
