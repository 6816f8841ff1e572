import { demoPaymentUnderReview, demoStaffPassword } from '../apps/server/src/demo/demo-data';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { rowOf, workbookOf } from '../apps/server/src/test/test-workbooks';
import { catalogues, officeCatalogues } from './catalogues';
import {
  bill,
  browserLocales,
  cards,
  checkOut,
  fill,
  findAndAdd,
  logIn,
  openNewestMail,
  payByCard,
  wcagViolations,
} from './journeys';
import { formatRinggit, type Sen } from '@portal/domain/money';

/**
 * Council staff in the back office. Each journey logs in as a staff member of its own: an app code
 * works once, so two journeys logging in as one member within 30 seconds would refuse each other.
 */

test('A finance officer logs in with the app code, finds the payment flagged for review, checks it with the gateway, accepts it as paid and finds it in the day’s settlement CSV', async ({
  page,
}) => {
  const office = officeCatalogues.ms;
  await page.goto('/#/office');
  await expect(page.getByRole('heading', { name: office.login.heading })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // A code the app never showed is refused, without saying which part was wrong.
  await page.getByLabel(office.login.email).fill('finance.mps@staff.portal.test');
  await page.getByLabel(office.login.password).fill(demoStaffPassword);
  await page.getByLabel(office.login.code).fill('000000');
  await page.getByRole('button', { name: office.login.submit }).click();
  await expect(page.getByText(office.login.failed)).toBeVisible();

  await logIn(page, 'ms', 'finance.mps@staff.portal.test');
  await expect(page.getByRole('heading', { name: office.payments.heading })).toBeVisible();
  await expect(page.getByText('Siti Kewangan, Kewangan')).toBeVisible();
  // The audit log is the state admin's alone.
  await expect(page.getByRole('link', { name: office.nav.audit })).toHaveCount(0);

  // While the filtered list is on its way, the last one stays on screen, marked busy and still
  // readable: the answer is held back until that has been checked. There is a last one once the
  // first list has come.
  await expect(page.getByRole('table')).toBeVisible();
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/office\/payments\?.*review=true/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByLabel(office.filters.review).check();
  await page.getByRole('button', { name: office.filters.find }).click();
  await expect(page).toHaveURL(/review=true/);
  const list = page.locator('[aria-busy]').filter({ has: page.getByRole('table') });
  await expect(list).toHaveAttribute('aria-busy', 'true');
  expect(await wcagViolations(page)).toEqual([]);
  answer();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const flagged = page.getByRole('row', { name: new RegExp(demoPaymentUnderReview.reference) });
  await expect(flagged).toContainText(office.payments.review);
  expect(await wcagViolations(page)).toEqual([]);

  await flagged.getByRole('link', { name: demoPaymentUnderReview.reference }).click();
  await expect(
    page.getByText(
      office.payment.review.replace('{{reason}}', office.reviewReasons.amount_mismatch),
    ),
  ).toBeVisible();
  const events = page.getByRole('table').filter({ hasText: office.payment.column.source });
  // Each code in words, the code itself in the title for support.
  const callback = events.getByRole('row', { name: new RegExp(office.payment.sources.callback) });
  await expect(callback).toContainText(office.payment.outcomes.flagged);
  await expect(callback.getByTitle('flagged')).toBeVisible();
  await expect(page.getByText(demoPaymentUnderReview.accountNo)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // The sandbox never saw this reference: the gateway says it has no paid or failed attempt.
  await page.getByRole('button', { name: office.payment.requery }).click();
  await expect(page.getByText(office.payment.requeryAnswer.not_found)).toBeVisible();

  // The officer has the gateway's report, which shows it paid: accepted, with the reason.
  const review = page.getByRole('form', { name: office.review.heading });
  await review.getByRole('button', { name: office.review.submit }).click();
  const decisionRequired = fill(catalogues.ms.form.required, { field: office.review.decision });
  await expect(review.getByText(decisionRequired).first()).toBeVisible();
  await review.getByLabel(office.review.accept).check();
  await review.getByLabel(office.review.transId).fill('T000777001');
  await review.getByLabel(office.review.reason).fill('Berjaya dalam laporan gateway 25/11');
  await review.getByRole('button', { name: office.review.submit }).click();
  await expect(page.getByText(office.review.outcome.applied)).toBeVisible();
  await expect(review).toHaveCount(0);
  await expect(page.getByText(catalogues.ms.paymentStatus.successful).first()).toBeVisible();
  await expect(
    events.getByRole('row', { name: new RegExp(office.payment.sources.office) }),
  ).toContainText(office.payment.outcomes.applied);

  // Settled today: it is in today's settlement for Sandakan, on screen and in the CSV.
  await page.getByRole('link', { name: office.nav.settlement }).click();
  await expect(page.getByRole('heading', { name: office.settlement.heading })).toBeVisible();
  const settled = page.getByRole('row', { name: new RegExp(demoPaymentUnderReview.reference) });
  await expect(settled).toContainText(demoPaymentUnderReview.accountNo);
  expect(await wcagViolations(page)).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: office.settlement.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^settlement-mps-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(`"${demoPaymentUnderReview.reference}"`);
  expect(csv).toContain(`"${demoPaymentUnderReview.accountNo}"`);
  // With it, the audit log of the council's day: the decision, who made it, and why.
  const [auditDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: office.settlement.downloadAudit }).click(),
  ]);
  expect(auditDownload.suggestedFilename()).toMatch(/^audit-mps-\d{4}-\d{2}-\d{2}\.csv$/);
  const audit = await readFile(await auditDownload.path(), 'utf8');
  expect(audit).toContain(
    `"finance.mps@staff.portal.test","review_resolved","${demoPaymentUnderReview.reference}","Berjaya dalam laporan gateway 25/11"`,
  );
  // And the signed PDF to file; a code that is not the portal's signature is told so.
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: office.settlement.downloadPdf }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^settlement-mps-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await pdfDownload.path())).subarray(0, 4).toString()).toBe('%PDF');
  const signatureCheck = page.getByRole('form', { name: office.settlement.checkHeading });
  await signatureCheck
    .getByLabel(office.settlement.signature)
    .fill('AAAA BBBB CCCC DDDD EEEE FFFF GGGG HHHH');
  await signatureCheck.getByRole('button', { name: office.settlement.check }).click();
  await expect(signatureCheck.getByText(office.settlement.notGenuine)).toBeVisible();

  await page.getByRole('button', { name: office.nav.logout }).click();
  await expect(page.getByRole('heading', { name: office.login.heading })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: office.login.heading })).toBeVisible();
});

test.describe('a payer and a finance officer', () => {
  test.use({ locale: browserLocales.ms });

  test('A finance officer records part of a card payment refunded in the gateway’s merchant portal; the payer sees it on the receipt and gets an e-mail, and the settlement shows it', async ({
    page,
    context,
  }) => {
    const { ms } = catalogues;
    const office = officeCatalogues.ms;
    const compound = bill('KP02-002005');
    const email = 'refund.payer@example.com';
    await findAndAdd(page, 'ms', compound);
    await checkOut(page, 'ms', email, compound.amount as Sen);
    await payByCard(page, 'ms', cards.approve, compound.amount as Sen);
    await expect(
      page.getByRole('heading', { name: ms.payments.confirmation.successful }),
    ).toBeVisible();
    const reference = new URL(page.url().replace('/#/', '/')).searchParams.get('reference')!;

    const desk = await context.newPage();
    await desk.goto('/#/office');
    await logIn(desk, 'ms', 'finance.mpt@staff.portal.test');
    await desk.getByLabel(office.filters.search).fill(reference);
    await desk.getByRole('button', { name: office.filters.find }).click();
    await desk.getByRole('link', { name: reference }).click();
    const refund = desk.getByRole('form', { name: office.refund.heading });
    await refund.getByLabel(office.refund.line).selectOption({ index: 1 });
    await refund.getByLabel(office.refund.amount).fill('500');
    await refund.getByLabel(office.refund.reason).fill('Kompaun dikurangkan oleh pegawai');
    // Made first in iPay88's merchant portal, which gave it this reference.
    await refund.getByLabel(office.refund.gatewayRefundId).fill('RF20261127000150');
    await refund.getByRole('button', { name: office.refund.submit }).click();
    // More than was paid is refused, and nothing changes.
    await expect(refund.getByText(ms.errors.refund_exceeds_paid)).toBeVisible();
    await refund.getByLabel(office.refund.amount).fill('150.00');
    await refund.getByRole('button', { name: office.refund.submit }).click();
    const refunded = formatRinggit(15_000 as Sen);
    await expect(
      desk.getByText(fill(office.refund.outcome.refunded, { amount: refunded })),
    ).toBeVisible();
    const refunds = desk.getByRole('table').filter({ hasText: office.refund.column.staff });
    await expect(refunds.getByRole('row', { name: /Kompaun dikurangkan/ })).toContainText(
      office.refund.status.refunded,
    );
    const lines = desk.getByRole('table').filter({ hasText: office.payment.column.refundable });
    await expect(lines).toContainText(formatRinggit((compound.amount - 15_000) as Sen));
    expect(await wcagViolations(desk)).toEqual([]);

    // The day's settlement has the payment and, below it, the refund taken off.
    await desk.getByRole('link', { name: office.nav.settlement }).click();
    const refundWord = office.settlement.refundOf.split('{{')[0]!;
    const refundLine = desk.getByRole('row', { name: new RegExp(refundWord) });
    await expect(refundLine).toContainText(formatRinggit(-15_000 as Sen));

    // The payer, back on the receipt later, sees the refund on it.
    await page.getByRole('link', { name: ms.payments.confirmation.viewReceipt }).click();
    const receipt = page.getByRole('article', { name: ms.receipts.receipt.title });
    await expect(receipt).toBeVisible();
    await page.reload();
    await expect(receipt.getByRole('region', { name: ms.receipts.refunds.heading })).toContainText(
      fill(ms.receipts.refunds.refunded, { amount: refunded, date: '' }).replace(/ pada \.$/, ''),
    );
    await openNewestMail(page, email, async (row) => {
      await expect(row).toContainText(`Bayaran balik dibuat ${reference}`);
    });
  });
});

test('A council admin switches plan fees off for Sandakan and a citizen is told they cannot be paid online until they are on again; the admin invites an officer, who sets up their own account', async ({
  page,
  browser,
}) => {
  const office = officeCatalogues.en;
  await page.goto('/#/office?lang=en');
  await logIn(page, 'en', 'admin.mps@staff.portal.test');
  await page.getByRole('link', { name: office.nav.switches }).click();
  await expect(page.getByRole('heading', { name: office.switches.heading })).toBeVisible();
  const planFees = catalogues.en.paymentTypes.engineer;
  const switchForm = page.getByRole('form', { name: office.switches.formHeading });
  const change = async (state: 'on' | 'off', reason: string) => {
    await switchForm.getByLabel(office.switches.target).selectOption({ label: planFees });
    await switchForm.getByLabel(office.switches.state).selectOption(state);
    await switchForm.getByLabel(office.review.reason).fill(reason);
    await switchForm.getByRole('button', { name: office.switches.submit }).click();
    await expect(page.getByText(office.switches.changed)).toBeVisible();
  };
  await change('off', 'Plan fee rates under review');
  await expect(page.getByRole('row', { name: new RegExp(planFees) })).toContainText(
    office.switches.off,
  );
  expect(await wcagViolations(page)).toEqual([]);

  // A citizen, in a browser of their own, asks for plan fees at Sandakan.
  const citizen = await browser.newPage();
  await citizen.goto('/?lang=en#/search?council=mps&type=engineer');
  await expect(citizen.getByText(catalogues.en.errors.payment_type_not_available)).toBeVisible();

  await change('on', 'Rates confirmed');
  await expect(page.getByRole('row', { name: new RegExp(planFees) })).toContainText(
    office.switches.on,
  );
  await citizen.close();
  // The next citizen to come finds plan fees offered again. (A browser that already holds the
  // list of councils may keep it for a minute; checkout always asks the switches themselves.)
  const next = await browser.newPage();
  await next.goto('/?lang=en#/search?council=mps&type=engineer');
  await expect(
    next.getByRole('button', { name: catalogues.en.search.submit, exact: true }),
  ).toBeVisible();
  await expect(next.getByText(catalogues.en.errors.payment_type_not_available)).toHaveCount(0);
  await next.close();

  // The same admin invites a new officer, who sets up their own account from the e-mailed link.
  await page.getByRole('link', { name: office.nav.staff }).click();
  const invite = page.getByRole('form', { name: office.staff.inviteHeading });
  await invite.getByLabel(office.staff.name).fill('Rina Binti Ahmad');
  await invite.getByLabel(office.login.email).fill('rina.ahmad@mps.gov.my');
  await invite.getByRole('button', { name: office.staff.invite }).click();
  await expect(page.getByText(office.staff.invited)).toBeVisible();
  await expect(page.getByRole('row', { name: /rina\.ahmad@mps\.gov\.my/ })).toContainText(
    office.staff.statuses.invited,
  );
  expect(await wcagViolations(page)).toEqual([]);

  const rina = await (await browser.newContext()).newPage();
  await openNewestMail(rina, 'rina.ahmad@mps.gov.my');
  await rina.getByRole('link').first().click();
  const enrolWords = officeCatalogues.ms.enrol;
  await expect(rina.getByRole('heading', { name: enrolWords.heading })).toBeVisible();
  const secret = (await rina.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!.replace(
    /\s/g,
    '',
  );
  await rina
    .getByLabel(officeCatalogues.ms.login.password, { exact: true })
    .fill('kopi-susu-ikan-bilis');
  await rina.getByLabel(enrolWords.confirmPassword).fill('kopi-susu-ikan-bilis');
  await rina
    .getByLabel(officeCatalogues.ms.login.code)
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await rina.getByRole('button', { name: enrolWords.submit }).click();
  await expect(rina.getByRole('heading', { name: enrolWords.doneHeading })).toBeVisible();
  await expect(
    rina.getByRole('list', { name: enrolWords.codesLabel }).getByRole('listitem'),
  ).toHaveCount(10);
  expect(await wcagViolations(rina)).toEqual([]);
  await rina.context().close();

  await page.reload();
  await expect(page.getByRole('row', { name: /rina\.ahmad@mps\.gov\.my/ })).toContainText(
    office.staff.statuses.active,
  );
});

test('The state admin reads in English who logged in, in the audit log, saves the site settings as a new version, and adds to the privacy policy', async ({
  page,
  browser,
}) => {
  const office = officeCatalogues.en;
  await page.goto('/#/office?lang=en');
  await expect(page.getByRole('heading', { name: office.login.heading })).toBeVisible();
  await logIn(page, 'en', 'admin@staff.portal.test');
  await page.getByRole('link', { name: office.nav.audit }).click();
  await expect(page.getByRole('heading', { name: office.audit.heading })).toBeVisible();

  await page.getByLabel(office.filters.actor).fill('admin@staff.portal.test');
  await page.getByLabel(office.filters.action).selectOption(office.audit.actions.login);
  await page.getByRole('button', { name: office.filters.find }).click();
  const entry = page.getByRole('row', { name: /admin@staff\.portal\.test/ }).first();
  await expect(entry).toContainText(office.audit.actions.login);
  await expect(entry).toContainText(
    `${office.audit.detailNames.second_factor}: ${office.audit.detailValues.second_factor.app}`,
  );
  await expect(entry.getByTitle('second_factor: app')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // A maintenance notice in one language only is refused; the newest app version is saved.
  await page.getByRole('link', { name: office.nav.settings }).click();
  const settings = page.getByRole('form', { name: office.settings.noticesHeading });
  await settings
    .getByLabel(fill(office.settings.closingMessage, { language: 'English' }))
    .fill('Closed tonight');
  await settings.getByLabel(office.settings.appVersion).fill('1.0.1');
  await settings.getByLabel(office.review.reason).fill('App 1.0.1 released');
  await settings.getByRole('button', { name: office.settings.submit }).click();
  const required = new RegExp(catalogues.en.form.required.replace('{{field}}', '.+'));
  await expect(settings.getByText(required).first()).toBeVisible();
  await settings.getByLabel(fill(office.settings.closingMessage, { language: 'English' })).fill('');
  await settings.getByRole('button', { name: office.settings.submit }).click();
  await expect(page.getByText(office.settings.saved)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // A sentence added to the privacy policy in English shows in the preview, then to citizens.
  await page.getByRole('link', { name: office.nav.content }).click();
  await page.getByLabel(office.content.page, { exact: true }).selectOption('privacy');
  await page.getByLabel(office.content.language).selectOption('en');
  await page.getByRole('button', { name: office.content.open }).click();
  const words = page.getByLabel(office.content.body);
  const added = 'The council office reviewed this policy.';
  await words.fill(`${await words.inputValue()}\n\n${added}`);
  const preview = page.getByRole('region', { name: office.content.preview });
  await expect(preview).toContainText(added);
  await page.getByLabel(office.review.reason).fill('Yearly review');
  await page.getByRole('button', { name: office.content.submit }).click();
  await expect(page.getByText(office.content.saved)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  const citizen = await (await browser.newContext()).newPage();
  await citizen.goto('/?lang=en#/privacy');
  await expect(citizen.getByRole('article')).toContainText(added);
  await citizen.context().close();

  // The citizens' portal is one link away, and knows nothing of the staff session.
  await page.getByRole('button', { name: office.nav.logout }).click();
  await page.getByRole('link', { name: office.nav.portal }).click();
  await expect(page.getByRole('button', { name: catalogues.en.nav.login })).toBeVisible();
});

test('A council admin sends workbooks made to stop the portal and reads which bound each passed, then checks a CSV of new tickets, puts right the two rows the check flagged, imports it, and a citizen pays one of the new bills', async ({
  page,
  browser,
}) => {
  const office = officeCatalogues.en;
  const words = office.billImport;
  const header =
    'account_no,status,owner_name,owner_ic,address,description,amount_due,due_date,vehicle_plate,offence,location,issued_at';
  const row = (account: string, ownerName: string, amount: string) =>
    `"${account}","unpaid","${ownerName.replaceAll('"', '""')}","","","Letak kereta tanpa kupon","${amount}","31/01/2027","SAB 7 E","Letak kereta tanpa kupon","Jalan Dunlop, Tawau","20/11/2026 09:15"`;
  const file = (rows: string[]) => ({
    name: 'tickets.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`),
  });

  await page.goto('/#/office?lang=en');
  await logIn(page, 'en', 'admin.mpt@staff.portal.test');
  await page.getByRole('link', { name: office.nav.billImport }).click();
  await page.getByLabel(words.type).selectOption('ticket');

  // A cell at a sheet's far corner, and megabytes of white space packed into a few kilobytes.
  const workbook = (sheetData: string) => ({
    name: 'tickets.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbookOf(rowOf(1, header.split(',')) + sheetData, { options: { level: 9 } }),
  });
  await page
    .getByLabel(words.file, { exact: true })
    .setInputFiles(
      workbook('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'),
    );
  await page.getByRole('button', { name: words.check }).click();
  await expect(page.getByRole('row', { name: /^1048576/ })).toContainText(
    words.problems.too_many_rows,
  );
  await page
    .getByLabel(words.file, { exact: true })
    .setInputFiles(
      workbook(`<row r="2"><c r="A2"${' '.repeat(16 * 1024 * 1024)}><v>1</v></c></row>`),
    );
  await page.getByRole('button', { name: words.check }).click();
  await expect(page.getByRole('row', { name: /^1 / })).toContainText(
    words.problems.workbook_packed_too_tightly,
  );
  expect(await wcagViolations(page)).toEqual([]);

  await page
    .getByLabel(words.file, { exact: true })
    .setInputFiles(
      file([
        row('TE2E0001', 'SAB 7 E', '30.00'),
        row('TE2E0002', '=cmd|" /C calc"!A0', '30.00'),
        row('TE2E0003', 'SAB 9 E', '20.00'),
        row('TE2E0004', 'SAB 10 E', 'thirty'),
      ]),
    );
  await page.getByRole('button', { name: words.check }).click();
  await expect(page.getByRole('row', { name: /^3 owner_name/ })).toContainText(
    words.problems.formula,
  );
  await expect(page.getByRole('row', { name: /^5 amount_due/ })).toContainText(
    words.problems.not_an_amount,
  );
  await expect(page.getByText(words.fixAndCheck)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // The two rows put right, the same file is checked again and imported whole.
  await page
    .getByLabel(words.file, { exact: true })
    .setInputFiles(
      file([
        row('TE2E0001', 'SAB 7 E', '30.00'),
        row('TE2E0002', 'SAB 8 E', '30.00'),
        row('TE2E0003', 'SAB 9 E', '20.00'),
        row('TE2E0004', 'SAB 10 E', '30.00'),
      ]),
    );
  await page.getByRole('button', { name: words.check }).click();
  await expect(page.getByText(words.noProblems)).toBeVisible();
  await page.getByRole('button', { name: fill(words.import, { count: 4 }) }).click();
  await expect(page.getByText(fill(words.imported, { created: 4, updated: 0 }))).toBeVisible();

  const citizen = await (await browser.newContext({ locale: browserLocales.ms })).newPage();
  const ticket = {
    council: 'mpt',
    payment_type: 'ticket',
    query: 'TE2E0001',
    amount: 3000,
  } as const;
  await findAndAdd(citizen, 'ms', ticket);
  await checkOut(citizen, 'ms', 'import.payer@example.com', ticket.amount as Sen);
  await payByCard(citizen, 'ms', cards.approve, ticket.amount as Sen);
  await expect(
    citizen.getByRole('heading', { name: catalogues.ms.payments.confirmation.successful }),
  ).toBeVisible();
  await citizen.context().close();
});
