import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { auditLog, bills, councils } from '../../db/schema';
import {
  billPicker,
  cartItemFor,
  gatewayPoster,
  pagePoster,
  signedGatewayResponse,
  startPayment,
} from '../../test/payment-fixtures';
import { staffLoggedIn, steppingClock } from '../../test/office-staff';
import { imageSizesOf, inflatedPdf, textOf } from '../../test/pdf-text';
import { errorBody, pageCsrf, useTestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-databases';
import { pngOf } from '../../test/test-images';

const { clock, nextStep } = steppingClock('2026-11-25T04:00:00Z');

const contactForm = {
  council: 'mps',
  phone: '089-275 888',
  email: 'Aduan@MPS.example.com',
  address: 'Tingkat 5, Wisma Majlis Perbandaran Sandakan, Jalan Utama, 90000 Sandakan',
  hours_1_1_opens: '08:00',
  hours_1_1_closes: '17:00',
  hours_5_1_opens: '08:00',
  hours_5_1_closes: '11:30',
  hours_5_2_opens: '14:00',
  hours_5_2_closes: '17:00',
  reason: 'New complaints line',
};

describeEachDatabase('council profile', (db) => {
  const app = useTestApp(db, { clock });
  const pickBill = billPicker(db);
  const post = pagePoster(app);
  const gatewayPost = gatewayPoster(app);

  const listed = async (code: string) => {
    const all = (await app().inject({ method: 'GET', url: '/api/councils' })).json() as {
      code: string;
      product_title: string;
      logo: string | null;
      contact: unknown;
    }[];
    return all.find((council) => council.code === code)!;
  };
  const councilRow = async (code: string) =>
    (await db().select().from(councils).where(eq(councils.code, code)))[0]!;
  const auditOf = (action: 'council_profile_changed' | 'council_contact_changed') =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.councilCode, 'mps')));

  test('a council admin sets the title, logo, rates and contacts; the council list, receipt and licence PDFs show them at once, audited with what they were', async () => {
    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const before = await councilRow('mps');
    const shown = (await admin.get('/api/office/council-profile?council=mps')).json();
    expect(shown).toMatchObject({
      council: 'mps',
      name: before.name,
      product_title: before.productTitle,
      logo: before.logoImage,
      assessment_partial_discount_bp: before.assessmentPartialDiscountBp,
    });

    const stored = await admin.upload('/api/office/images', pngOf(40, 48));
    expect(stored.statusCode, stored.body).toBe(200);
    const logo = stored.json().image as string;
    // The upload is on record with the council it was made for.
    const [upload] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'image_stored'), eq(auditLog.target, logo)));
    expect(upload).toMatchObject({ actor: 'admin.mps@staff.portal.test', councilCode: 'mps' });
    const title = 'Sandakan ePayment 山打根市议会 — bayaran dalam talian';
    const changed = await admin.post('/api/office/council-profile', {
      council: 'mps',
      product_title: title,
      logo,
      partial_discount_percent: '45.5',
      arrears_discount_percent: '10',
      reason: 'New crest approved by the full council',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      product_title: title,
      logo,
      assessment_partial_discount_bp: 4550,
      assessment_arrears_discount_bp: 1000,
    });
    const contact = await admin.post('/api/office/council-profile/contact', contactForm);
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().contact).toEqual({
      phone: '089-275 888',
      email: 'aduan@mps.example.com',
      address: contactForm.address,
      opening_hours: [
        { days: [1], opens: '08:00', closes: '17:00' },
        { days: [5], opens: '08:00', closes: '11:30' },
        { days: [5], opens: '14:00', closes: '17:00' },
      ],
    });

    expect(await listed('mps')).toMatchObject({
      product_title: title,
      logo: `/api/images/${logo}`,
      contact: { phone: '089-275 888', email: 'aduan@mps.example.com' },
    });

    const [profileEntry] = await auditOf('council_profile_changed');
    expect(profileEntry).toMatchObject({
      actor: 'admin.mps@staff.portal.test',
      target: 'mps',
      reason: 'New crest approved by the full council',
    });
    expect(profileEntry!.detail).toEqual({
      product_title: title,
      product_title_was: before.productTitle,
      logo,
      logo_was: before.logoImage,
      partial_discount_bp: 4550,
      partial_discount_bp_was: before.assessmentPartialDiscountBp,
      arrears_discount_bp: 1000,
      arrears_discount_bp_was: before.assessmentArrearsDiscountBp,
    });
    const [contactEntry] = await auditOf('council_contact_changed');
    expect(contactEntry!.detail).toMatchObject({
      contact_was: before.contact === null ? null : JSON.stringify(before.contact),
    });
    expect(JSON.parse(contactEntry!.detail.contact as string)).toEqual(contact.json().contact);

    // A payment at the council: its receipt PDF is headed by the new logo and title.
    const bill = await pickBill('compound', 'mps');
    const { reference, amount, receipt_token } = await startPayment(post, [cartItemFor(bill)]);
    await gatewayPost('callback', signedGatewayResponse(reference, amount));
    const receipt = await post('/api/receipts/pdf', { reference, receipt_token });
    expect(receipt.statusCode).toBe(200);
    expect(imageSizesOf(receipt.rawPayload)).toContain('40x48');
    expect(textOf(inflatedPdf(receipt.rawPayload))).toContain('Sandakan ePayment');

    // And so is a licence's print.
    const [licence] = await db()
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.councilCode, 'mps'),
          eq(bills.paymentType, 'license'),
          eq(bills.status, 'active'),
        ),
      )
      .limit(1);
    const details = licence!.details as { category: string; owners: { ic: string }[] };
    const printed = await app().inject({
      method: 'POST',
      url: '/api/licences/print',
      payload: {
        council: 'mps',
        category: details.category,
        licence_no: licence!.displayNo,
        id_no: details.owners[0]!.ic,
      },
      remoteAddress: '198.51.100.91',
      ...pageCsrf,
    });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(imageSizesOf(printed.rawPayload)).toContain('40x48');
    expect(textOf(inflatedPdf(printed.rawPayload))).toContain('Sandakan ePayment');

    // Back to no logo: the documents draw the crest again.
    const none = await admin.post('/api/office/council-profile', {
      council: 'mps',
      product_title: title,
      logo: '',
      partial_discount_percent: '45.5',
      arrears_discount_percent: '10',
      reason: 'Crest withdrawn',
    });
    expect(none.json().logo).toBeNull();
    expect((await listed('mps')).logo).toBeNull();
    const plain = await post('/api/receipts/pdf', { reference, receipt_token });
    expect(imageSizesOf(plain.rawPayload)).not.toContain('40x48');

    // Every contact detail left blank takes the contacts away: "not yet published".
    const blank = await admin.post('/api/office/council-profile/contact', {
      council: 'mps',
      reason: 'Numbers being changed',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().contact).toBeNull();
    expect((await listed('mps')).contact).toBeNull();
  });

  test('a council stores at most 20 pictures an hour; the state admin is not counted', async () => {
    const admin = await staffLoggedIn(app, 'admin.mpt@staff.portal.test', nextStep());
    for (let width = 1; width <= 20; width += 1) {
      expect((await admin.upload('/api/office/images', pngOf(width, 3))).statusCode).toBe(200);
    }
    const refused = await admin.upload('/api/office/images', pngOf(21, 3));
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused).error).toBe('rate_limited');
    const state = await staffLoggedIn(app, '_admin', nextStep());
    expect((await state.upload('/api/office/images', pngOf(21, 3))).statusCode).toBe(200);
  });

  test('another council’s admin, an officer and finance cannot change it; bad input is refused and changes nothing', async () => {
    const valid = {
      council: 'mps',
      product_title: 'MPS ePayment',
      logo: '',
      partial_discount_percent: '50',
      arrears_discount_percent: '0',
      reason: 'Test',
    };
    const before = await councilRow('mps');
    const auditBefore = (await auditOf('council_profile_changed')).length;
    const contactAuditBefore = (await auditOf('council_contact_changed')).length;

    const tawau = await staffLoggedIn(app, 'admin.mpt@staff.portal.test', nextStep());
    expect((await tawau.post('/api/office/council-profile', valid)).statusCode).toBe(403);
    expect((await tawau.post('/api/office/council-profile/contact', contactForm)).statusCode).toBe(
      403,
    );
    expect((await tawau.get('/api/office/council-profile?council=mps')).statusCode).toBe(403);
    for (const role of ['officer', 'finance'] as const) {
      const staff = await staffLoggedIn(app, role, nextStep());
      expect((await staff.post('/api/office/council-profile', valid)).statusCode).toBe(403);
      expect(
        (await staff.post('/api/office/council-profile/contact', contactForm)).statusCode,
      ).toBe(403);
    }

    const admin = await staffLoggedIn(app, 'council_admin', nextStep());
    const refusals: [object, string, string][] = [
      [{ ...valid, logo: 'f'.repeat(64) }, 'logo', 'picture_unknown'],
      [{ ...valid, logo: 'not-a-picture' }, 'logo', 'picture_unknown'],
      [{ ...valid, product_title: 'x'.repeat(81) }, 'product_title', 'too_long'],
      [{ ...valid, product_title: '  ' }, 'product_title', 'required'],
      [
        { ...valid, partial_discount_percent: '100.5' },
        'partial_discount_percent',
        'percent_invalid',
      ],
      [{ ...valid, arrears_discount_percent: '-5' }, 'arrears_discount_percent', 'percent_invalid'],
      [
        { ...valid, arrears_discount_percent: '12.345' },
        'arrears_discount_percent',
        'percent_invalid',
      ],
    ];
    for (const [body, field, key] of refusals) {
      const refused = await admin.post('/api/office/council-profile', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorBody(refused)).toMatchObject({
        error: 'validation_failed',
        fields: { [field]: key },
      });
    }
    const badPhone = await admin.post('/api/office/council-profile/contact', {
      ...contactForm,
      phone: 'call us',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(errorBody(badPhone).fields).toMatchObject({ phone: 'phone_invalid' });

    expect(await councilRow('mps')).toEqual(before);
    expect(await auditOf('council_profile_changed')).toHaveLength(auditBefore);
    expect(await auditOf('council_contact_changed')).toHaveLength(contactAuditBefore);

    // The state admin edits any council.
    const state = await staffLoggedIn(app, '_admin', nextStep());
    const elsewhere = await state.post('/api/office/council-profile', {
      ...valid,
      council: 'mpt',
      product_title: 'Tawau ePayment',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await listed('mpt')).product_title).toBe('Tawau ePayment');
  });
});
