import { readFile } from 'node:fs/promises';
import { formatRinggit } from '@portal/domain/money';
import { expect, test } from '@playwright/test';
import { imageSizesOf } from '../apps/server/src/test/pdf-text';
import { pngOf } from '../apps/server/src/test/test-images';
import { catalogues, officeCatalogues, type Language } from './catalogues';
import {
  bill,
  browserLocales,
  cards,
  checkOut,
  fill,
  findAndAdd,
  logIn,
  payByCard,
  wcagViolations,
} from './journeys';

/**
 * Sandakan's council admin sets a new logo and a new phone number for the council, once in each
 * language, and a citizen meets them at once: on the helpline page, and on the receipt (screen,
 * print and PDF) of a payment at the council. Each round pays a bill no other journey touches; the
 * other journeys check neither Sandakan's logo nor its phone number.
 */
test.use({ locale: browserLocales.ms });

const council = 'Majlis Perbandaran Sandakan';

const rounds: { lang: Language; width: number; height: number; phone: string; bill: string }[] = [
  { lang: 'ms', width: 60, height: 72, phone: '089-271 101', bill: 'KP01-001002' },
  { lang: 'en', width: 64, height: 64, phone: '089-271 202', bill: 'KP01-001003' },
  { lang: 'zh', width: 96, height: 48, phone: '089-271 303', bill: 'KP01-001006' },
];

test('A council admin uploads a new logo and changes the phone number in ms, en and zh; the helpline page and the printed receipt of a payment at the council show them at once', async ({
  page,
}) => {
  // Three payments and three visits to the back office.
  test.setTimeout(240_000);
  await page.goto('/?lang=ms#/office');
  await logIn(page, 'ms', 'admin.mps@staff.portal.test');
  await expect(page.getByText('Wong Pentadbir')).toBeVisible();

  for (const round of rounds) {
    const office = officeCatalogues[round.lang];
    const texts = catalogues[round.lang];
    await page.goto(`/?lang=${round.lang}#/office`);
    await page.getByRole('link', { name: office.nav.councilProfile }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(office.councilProfile.heading);

    // The picture is uploaded on choosing, shown, and the council's once the form is saved.
    const profile = page.getByRole('form', { name: office.councilProfile.profileHeading });
    await profile.getByLabel(office.councilProfile.logo, { exact: true }).setInputFiles({
      name: `logo-${round.lang}.png`,
      mimeType: 'image/png',
      buffer: pngOf(round.width, round.height, [0x8a, 0x1c, 0x2b]),
    });
    await expect(
      profile.getByText(
        fill(office.councilProfile.logoUploaded, { width: round.width, height: round.height }),
      ),
    ).toBeVisible();
    const preview = profile.getByRole('img', { name: office.councilProfile.logoPreview });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(round.width);
    await profile.getByLabel(office.review.reason).fill(`New crest (${round.lang})`);
    await profile.getByRole('button', { name: office.councilProfile.submit }).click();
    await expect(profile.getByText(office.councilProfile.saved)).toBeVisible();

    // The contacts, through the helpline's own form.
    const contacts = page.getByRole('form', { name: office.councilProfile.contactHeading });
    await contacts.getByLabel(office.settings.phone).fill('call us');
    await contacts.getByLabel(office.review.reason).fill(`New line (${round.lang})`);
    await contacts.getByRole('button', { name: office.councilProfile.submit }).click();
    await expect(contacts.getByText(texts.validation.phone_invalid)).toBeVisible();
    await contacts.getByLabel(office.settings.phone).fill(round.phone);
    await contacts.getByRole('button', { name: office.councilProfile.submit }).click();
    await expect(contacts.getByText(office.councilProfile.saved)).toBeVisible();
    if (round.lang === 'ms') expect(await wcagViolations(page)).toEqual([]);

    // The helpline page shows the new number at once, in the same browser.
    await page.goto(`/?lang=${round.lang}#/helpline?council=mps`);
    const listed = page.getByRole('listitem').filter({ hasText: council });
    await expect(listed.getByRole('link', { name: round.phone })).toBeVisible();

    // A payment at the council: its receipt is headed by the new logo, on screen, in print and
    // in the PDF.
    const found = bill(round.bill);
    await findAndAdd(page, round.lang, found);
    await checkOut(page, round.lang, `profile.${round.lang}@example.com`, found.amount);
    await payByCard(page, 'ms', cards.approve, found.amount);
    await expect(
      page.getByRole('heading', { name: texts.payments.confirmation.successful }),
    ).toBeVisible();
    await page.getByRole('link', { name: texts.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: texts.receipts.receipt.title });
    await expect(receipt.getByRole('row').last()).toContainText(formatRinggit(found.amount));
    const logo = receipt.getByRole('img', {
      name: fill(texts.receipts.receipt.logo, { council }),
    });
    await page.emulateMedia({ media: 'print' });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(round.width);
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.receipts.receipt.download }).click();
    const pdf = await readFile((await (await download).path())!);
    expect(imageSizesOf(pdf)).toContain(`${round.width}x${round.height}`);
  }
});
