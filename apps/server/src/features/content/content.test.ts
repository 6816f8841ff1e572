import { and, eq } from 'drizzle-orm';
import { contentPages } from '@portal/domain/content-pages';
import { languages } from '@portal/domain/languages';
import { expect, test } from 'vitest';
import { contentPages as pages } from '../../db/schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';

describeEachDatabase("the portal's own pages", (db) => {
  const app = useTestApp(db);
  const page = (name: string, lang: string) =>
    app().inject(`/api/content?page=${name}&lang=${lang}`);

  test.each(contentPages.flatMap((name) => languages.map((lang) => [name, lang] as const)))(
    '%s is written in %s, with a title, its words and when they last changed',
    async (name, lang) => {
      const answer = await page(name, lang);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=300');
      const body = answer.json();
      expect(body).toMatchObject({ page: name, lang });
      expect(body.title.length).toBeGreaterThan(3);
      expect(body.body).toMatch(/^## /m);
      expect(body.body).not.toMatch(/^# /m);
      expect(Number.isNaN(Date.parse(body.updated_at))).toBe(false);
    },
  );

  test('the pages say the same in every language: as many sections, links and helplines', async () => {
    for (const name of contentPages) {
      const shapes = await Promise.all(
        languages.map(async (lang) => {
          const { body } = (await page(name, lang)).json() as { body: string };
          return {
            sections: body.match(/^##+ /gm)?.length,
            links: [...body.matchAll(/\]\(([^)]+)\)/g)].map((link) => link[1]).join(' '),
            helplines: body.match(/\{\{helpline\}\}/g)?.length,
          };
        }),
      );
      expect(shapes[1], name).toEqual(shapes[0]);
      expect(shapes[2], name).toEqual(shapes[0]);
    }
  });

  test.each(languages)(
    'the FAQ in %s answers at least twelve questions and names the helpline',
    async (lang) => {
      const { body } = (await page('faq', lang)).json() as { body: string };
      expect(body.match(/^### /gm)?.length).toBeGreaterThanOrEqual(12);
      expect(body).toContain('{{helpline}}');
    },
  );

  test('a page edited since it was seeded keeps its words when the portal starts again', async () => {
    const edited = { title: 'Tentang kami', body: '## Baharu\n<script>alert(1)</script>' };
    await db()
      .update(pages)
      .set({ ...edited, updatedBy: 'officer@mps.gov.my' })
      .where(and(eq(pages.page, 'about'), eq(pages.lang, 'ms')));
    const { prepareDatabase } = await import('../../db/prepare-database');
    const { testPersonalData } = await import('../../test/test-databases');
    await prepareDatabase(db(), { personalData: testPersonalData });
    // Stored as written: the web app draws it as text, never as HTML (docs/content-pages.md).
    expect((await page('about', 'ms')).json()).toMatchObject(edited);
  });

  test('an unknown page or language is refused; nothing answers for a page not in the list', async () => {
    expect((await page('secrets', 'ms')).statusCode).toBe(400);
    expect((await page('about', 'fr')).statusCode).toBe(400);
    await db()
      .delete(pages)
      .where(and(eq(pages.page, 'refund'), eq(pages.lang, 'zh')));
    const missing = await page('refund', 'zh');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });
});
