import { readFileSync } from 'node:fs';
import { and, count, eq, ne, notLike } from 'drizzle-orm';
import { contentPages } from '@portal/domain/content-pages';
import { councils as councilCatalogue } from '@portal/domain/councils';
import { languages } from '@portal/domain/languages';
import { paymentTypes } from '@portal/domain/payment-types';
import type { PersonalData } from '../lib/personal-data';
import { changeSiteSettings } from '../lib/site-settings';
import { imageFile, storeImage } from '../lib/stored-images';
import type { Database } from './database';
import {
  contentPages as contentPageRows,
  councilPaymentTypes,
  councils,
  licenceRenewalRules,
  payments,
  siteSettingsVersions,
  users,
} from './schema';

/**
 * Runs at every start, after the migrations: keeps the council catalogue complete (with its
 * licence renewal rules, at their defaults for a new council), encrypts what
 * is still in clear, then runs `seed` (the demo data, when it is on) in the same transaction.
 */
export async function prepareDatabase(
  db: Database,
  options: { personalData: PersonalData; seed?: ((db: Database) => Promise<void>) | undefined },
): Promise<void> {
  const { personalData } = options;
  await db.transaction(async (tx) => {
    await tx
      .insert(councils)
      .values(councilCatalogue.map((council, index) => ({ ...council, sortOrder: index + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(councilPaymentTypes)
      .values(
        councilCatalogue.flatMap((council) =>
          paymentTypes.map((paymentType) => ({ councilCode: council.code, paymentType })),
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(licenceRenewalRules)
      .values(councilCatalogue.map((council) => ({ councilCode: council.code })))
      .onConflictDoNothing();

    await encryptIdentityCards(tx as unknown as Database, personalData);
    await seedSiteSettings(tx as unknown as Database);
    await seedContentPages(tx as unknown as Database);
    await options.seed?.(tx as unknown as Database);
  });
}

/**
 * Encrypts identity-card numbers still held in clear, from before they were encrypted
 * (docs/personal-data.md). Cheap once done: nothing matches.
 */
async function encryptIdentityCards(db: Database, personalData: PersonalData): Promise<void> {
  const clearUsers = await db
    .select({ id: users.id, icNum: users.icNum })
    .from(users)
    .where(notLike(users.icNum, 'v1.%'));
  for (const user of clearUsers) {
    await db
      .update(users)
      .set({
        icNum: personalData.encrypt(user.icNum),
        icNumHash: personalData.lookupHash(user.icNum),
      })
      .where(eq(users.id, user.id));
  }
  const clearConsents = await db
    .select({ id: payments.id, consentIcNo: payments.consentIcNo })
    .from(payments)
    .where(and(notLike(payments.consentIcNo, 'v1.%'), ne(payments.consentIcNo, '')));
  for (const payment of clearConsents) {
    await db
      .update(payments)
      .set({ consentIcNo: personalData.encrypt(payment.consentIcNo) })
      .where(eq(payments.id, payment.id));
  }
}

/**
 * The first site settings of a new portal: the defaults, with the Covid-19 assistance package's
 * announcement on the books but not shown, since that programme has ended (docs/site-settings.md).
 * Servers start one at a time (the startup lock), so it is written once.
 */
async function seedSiteSettings(db: Database): Promise<void> {
  const [stored] = await db.select({ versions: count() }).from(siteSettingsVersions);
  if (stored && stored.versions > 0) return;
  const poster = imageFile(new URL('./seed-images/covid-assistance.jpg', import.meta.url));
  await changeSiteSettings(
    db,
    {
      announcement: {
        id: 'covid-19-assistance',
        shown: false,
        image: await storeImage(db, poster),
        alt: {
          ms: 'Pakej Bantuan Covid-19: pengurangan 20% bagi yuran pembaharuan lesen',
          en: 'Covid-19 assistance package: a 20% reduction on licence renewal fees',
          zh: '新冠肺炎援助配套：执照更新费减免20%',
        },
      },
    },
    'portal',
  );
}

/**
 * The portal's own pages it does not hold yet, from `seed-content/<page>.<lang>.md`; a page
 * already stored keeps its words, whoever changed them (docs/content-pages.md).
 */
async function seedContentPages(db: Database): Promise<void> {
  const rows = contentPages.flatMap((page) =>
    languages.map((lang) => {
      const text = readFileSync(
        new URL(`./seed-content/${page}.${lang}.md`, import.meta.url),
        'utf8',
      );
      const [firstLine = '', ...rest] = text.split('\n');
      const title = /^# (.+)$/.exec(firstLine)?.[1];
      if (!title) throw new Error(`seed-content/${page}.${lang}.md does not start with '# Title'`);
      return { page, lang, title, body: rest.join('\n').trim(), updatedBy: 'portal' };
    }),
  );
  await db.insert(contentPageRows).values(rows).onConflictDoNothing();
}
