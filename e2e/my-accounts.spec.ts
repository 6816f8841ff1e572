import { formatRinggit } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import enMail from '../packages/domain/src/words/documents/en.json' with { type: 'json' };
import msMail from '../packages/domain/src/words/documents/ms.json' with { type: 'json' };
import zhMail from '../packages/domain/src/words/documents/zh.json' with { type: 'json' };
import { catalogues, type Language } from './catalogues';
import {
  bill,
  browserLocales,
  cards,
  checkOut,
  fill,
  openNewestMail,
  payByCard,
  registeredThroughApi,
  searchFor,
  wcagViolations,
} from './journeys';

const mailWords = { ms: msMail, en: enMail, zh: zhMail } as const;

/** Each language's user keeps bills of a council of its own, so the journeys never meet. */
const councilNumbers: Record<Language, string> = { ms: '11', en: '16', zh: '21' };

/** 28 March 2026 in Sabah: within the week before the demo compounds' due date, 31 March. */
const reminderDay = '2026-03-28T09:00:00+08:00';

for (const language of ['ms', 'en', 'zh'] as const) {
  test.describe(`in a browser that prefers ${language}`, () => {
    // The e-mail's link opens the portal without a language: the browser's own decides it.
    test.use({ locale: browserLocales[language] });

    test(`In ${language}, a user saves three accounts, gets a reminder, follows it and pays`, async ({
      page,
    }) => {
      const t = catalogues[language];
      const n = councilNumbers[language];
      const { person } = await registeredThroughApi(page, `simpan-${language}`);
      const saved = [
        { found: bill(`A${n}000137`), nickname: '' },
        { found: bill(`LO-2026-0${n}013`), nickname: '' },
        {
          found: bill(`KP${n}-0${n}001`),
          nickname: language === 'zh' ? '停车罚单 ' : 'Kereta Ali',
        },
      ];
      for (const { found, nickname } of saved) {
        await searchFor(page, language, found);
        const result = page.getByRole('article');
        await expect(result.getByRole('heading', { level: 3 })).toHaveText(found.query);
        if (nickname) await result.getByLabel(t.myAccounts.nickname).fill(nickname);
        await result.getByRole('button', { name: t.myAccounts.save }).click();
        await expect(
          page.getByText(fill(t.myAccounts.saved, { account: found.query })),
        ).toBeVisible();
      }

      await page.getByRole('link', { name: t.nav.myAccounts, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.myAccounts);
      const cards_ = page.getByRole('list', { name: t.myAccounts.listLabel }).getByRole('listitem');
      await expect(cards_).toHaveCount(3);
      const compound = saved[2]!.found;
      await expect(cards_.nth(2)).toContainText(formatRinggit(compound.amount));
      expect(await wcagViolations(page)).toEqual([]);

      await page.goto(`/?lang=${language}#/profile`);
      await expect(page.getByRole('checkbox', { name: t.myAccounts.remindCompound })).toBeChecked();
      expect(await wcagViolations(page)).toEqual([]);

      // The portal runs on today's clock: the reminder job is run as if it were the week before.
      const run = await page.request.post('/dev/reminders', { data: { now: reminderDay } });
      expect(run.ok()).toBe(true);
      const words = mailWords[language].reminderMail;
      await openNewestMail(page, person.email, async (row) => {
        await expect(row).toContainText(compound.query);
      });
      const unsubscribe = await page
        .getByRole('link', { name: fill(words.unsubscribe, { kind: words.kind.compound }) })
        .getAttribute('href');
      await page.getByRole('link', { name: words.pay }).click();

      const result = page.getByRole('article');
      await expect(result.getByRole('heading', { level: 3 })).toHaveText(compound.query);
      await result.getByRole('button', { name: t.search.addToCart }).click();
      await checkOut(page, language, person.email, compound.amount);
      await payByCard(page, language, cards.approve, compound.amount);
      await expect(
        page.getByRole('heading', { name: t.payments.confirmation.successful }),
      ).toBeVisible();

      // The unsubscribe link asks before it does anything.
      await page.goto(unsubscribe!);
      await expect(page.getByRole('button', { name: words.page.button })).toBeVisible();
      expect(await wcagViolations(page)).toEqual([]);
      await page.getByRole('button', { name: words.page.button }).click();
      await expect(
        page.getByText(fill(words.page.done, { kind: words.kind.compound })),
      ).toBeVisible();
    });
  });
}
