import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as z from 'zod';
import { validationMessageKeys } from './errors';
import { openingHours } from './contacts';
import {
  fieldErrors,
  helplineFormSchema,
  hoursField,
  siteSettingsFormSchema,
  openingHoursOfWeek,
  weekdays,
  weekOfOpeningHours,
  localChargeAmount,
  localChargeDays,
  localChargeLimitErrors,
  localChargeSchema,
  loginSchema,
  passwordResetRequestSchema,
  registrationSchema,
  searchSchema,
} from './forms';

/** The message keys a schema answers with for an input, by field ({} when valid). */
function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

const registration = {
  email: 'siti@example.com',
  full_name: 'Siti Aminah binti Abdullah',
  id_no: '900101-12-5678',
  phone: '012-345 6789',
  password: 'kota kinabalu',
  confirm_password: 'kota kinabalu',
};

const charge = {
  license_no: 'LGC-2025-0001',
  customer_name: 'Kedai Runcit Ah Kow',
  total_no_of_people: 3,
  start_date: '2025-03-01',
  end_date: '2025-03-04',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('login', () => {
  test('a user logs in with e-mail and password', () => {
    expect(loginSchema.parse({ email: ' Siti@Example.COM ', password: 'x' })).toEqual({
      email: 'siti@example.com',
      password: 'x',
    });
  });

  test('missing or malformed fields say what is wrong', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: 'required', password: 'required' });
    expect(errorsOf(loginSchema, { email: '   ', password: '' })).toEqual({
      email: 'required',
      password: 'required',
    });
    expect(errorsOf(loginSchema, { email: 'siti@', password: 'x' })).toEqual({
      email: 'email_invalid',
    });
  });
});

describe('registration', () => {
  test('a name, e-mail, IC or phone holding a control character is refused; a password is not', () => {
    expect(
      errorsOf(registrationSchema, {
        ...registration,
        full_name: 'Siti\u0000Aminah',
        email: 'siti\u0007@example.com',
        id_no: '900101\u001b125678',
        phone: '0123\u007f456789',
        password: 'tab\tinside',
        confirm_password: 'tab\tinside',
      }),
    ).toEqual({
      full_name: 'characters_invalid',
      email: 'characters_invalid',
      id_no: 'characters_invalid',
      phone: 'characters_invalid',
    });
  });

  test('a citizen registers with IC and phone in their usual shapes, stored as digits', () => {
    expect(registrationSchema.parse(registration)).toMatchObject({
      email: 'siti@example.com',
      id_no: '900101125678',
      phone: '0123456789',
    });
  });

  test('a foreign worker registers with a passport; the number is checked as a passport, not a MyKad', () => {
    expect(
      registrationSchema.parse({ ...registration, id_type: 'passport_id', id_no: 'k1234 5678' }),
    ).toMatchObject({ id_type: 'passport_id', id_no: 'K12345678' });
    expect(
      errorsOf(registrationSchema, { ...registration, id_type: 'passport_id', id_no: 'K12' }),
    ).toEqual({ id_no: 'passport_invalid' });
    expect(errorsOf(registrationSchema, { ...registration, id_type: 'driving_licence' })).toEqual({
      id_type: 'required',
    });
  });

  test('the identity type is a MyKad unless another is chosen', () => {
    expect(registrationSchema.parse(registration)).toMatchObject({ id_type: 'new_id' });
  });

  test('the IC must have exactly 12 digits', () => {
    for (const ic of ['90010112567', '9001011256789', '900101-12-567A', 'S1234567A']) {
      expect(errorsOf(registrationSchema, { ...registration, id_no: ic })).toEqual({
        id_no: 'ic_length',
      });
    }
    expect(errorsOf(registrationSchema, { ...registration, id_no: ' ' })).toEqual({
      id_no: 'required',
    });
  });

  test('the IC must start with a real birth date', () => {
    for (const ic of ['901301125678', '900230125678', '900431125678', '010229125678']) {
      expect(errorsOf(registrationSchema, { ...registration, id_no: ic })).toEqual({
        id_no: 'ic_birth_date_invalid',
      });
    }
  });

  test('29 February is a birth date only in leap years, 2000 included', () => {
    const withIc = (ic: string) => errorsOf(registrationSchema, { ...registration, id_no: ic });
    expect(withIc('000229-12-5678')).toEqual({});
    expect(withIc('960229-12-5678')).toEqual({});
    expect(withIc('970229-12-5678')).toEqual({ id_no: 'ic_birth_date_invalid' });
  });

  test('a two-digit birth year is read as the most recent past year', () => {
    vi.useFakeTimers({ now: new Date('2027-01-15T00:00:00Z') });
    const withIc = (ic: string) => errorsOf(registrationSchema, { ...registration, id_no: ic });
    // 2028-02-29 is still to come, so the holder was born on 29/02/1928, a leap day.
    expect(withIc('280229-12-5678')).toEqual({});
    // Before 2000, 00 meant 1900, which had no 29 February.
    vi.setSystemTime(new Date('1999-06-01T00:00:00Z'));
    expect(withIc('000229-12-5678')).toEqual({ id_no: 'ic_birth_date_invalid' });
  });

  test('Malaysian mobile and landline numbers are accepted and stored with a leading 0', () => {
    const cases = {
      '012-3456789': '0123456789',
      '011-1234 5678': '01112345678',
      '+6012 345 6789': '0123456789',
      '60198765432': '0198765432',
      '+60 012-345 6789': '0123456789',
      '088-123456': '088123456',
      '089 212345': '089212345',
      '082-412345': '082412345',
      '03-2612 3456': '0326123456',
      '04-2611234': '042611234',
    };
    for (const [typed, stored] of Object.entries(cases)) {
      expect(registrationSchema.parse({ ...registration, phone: typed }).phone).toBe(stored);
    }
  });

  test('numbers that are not Malaysian phone numbers are refused', () => {
    for (const phone of [
      '12345',
      '012-345678',
      '011-123456789',
      '02-12345678',
      '088-12345',
      '+65 9123 4567',
      '(088) 123456',
      '012.3456789',
      'abc',
    ]) {
      expect(errorsOf(registrationSchema, { ...registration, phone })).toEqual({
        phone: 'phone_invalid',
      });
    }
  });

  test('a password needs at least 8 characters', () => {
    expect(
      errorsOf(registrationSchema, {
        ...registration,
        password: 'kk1234',
        confirm_password: 'kk1234',
      }),
    ).toEqual({ password: 'password_too_short' });
  });

  test('the confirmation must repeat the password exactly', () => {
    expect(
      errorsOf(registrationSchema, { ...registration, confirm_password: 'Kota Kinabalu' }),
    ).toEqual({ confirm_password: 'confirmation_mismatch' });
  });

  test('every problem of the form is reported at once', () => {
    expect(errorsOf(registrationSchema, { email: 'x', phone: '1', password: 'a' })).toEqual({
      email: 'email_invalid',
      full_name: 'required',
      id_no: 'required',
      phone: 'phone_invalid',
      password: 'password_too_short',
      confirm_password: 'required',
    });
  });
});

describe('password reset', () => {
  const token = 'token-from-the-link';

  test('a new password is set when it is long enough and confirmed', () => {
    expect(
      passwordResetRequestSchema.parse({
        token,
        password: 'sandakan88',
        confirm_password: 'sandakan88',
      }),
    ).toEqual({ token, password: 'sandakan88', confirm_password: 'sandakan88' });
  });

  test('a short or unconfirmed password is refused', () => {
    expect(
      errorsOf(passwordResetRequestSchema, { token, password: 'short', confirm_password: 'short' }),
    ).toEqual({ password: 'password_too_short' });
    expect(
      errorsOf(passwordResetRequestSchema, {
        token,
        password: 'sandakan88',
        confirm_password: 'sandakan89',
      }),
    ).toEqual({ confirm_password: 'confirmation_mismatch' });
    expect(errorsOf(passwordResetRequestSchema, { token, password: 'sandakan88' })).toEqual({
      confirm_password: 'required',
    });
  });
});

describe('local government charge', () => {
  test('a charge form is read with its type filled in', () => {
    expect(localChargeSchema.parse(charge)).toEqual({ ...charge, type: 'local_government_charge' });
  });

  test('the number of people is a whole number of at least 1', () => {
    for (const people of [0, -2, 1.5]) {
      expect(errorsOf(localChargeSchema, { ...charge, total_no_of_people: people })).toEqual({
        total_no_of_people: 'number_positive',
      });
    }
    expect(errorsOf(localChargeSchema, { ...charge, total_no_of_people: Number.NaN })).toEqual({
      total_no_of_people: 'required',
    });
  });

  test('dates must be real calendar dates', () => {
    expect(errorsOf(localChargeSchema, { ...charge, start_date: '2025-02-29' })).toEqual({
      start_date: 'date_invalid',
    });
    expect(errorsOf(localChargeSchema, { ...charge, end_date: '04/03/2025' })).toEqual({
      end_date: 'date_invalid',
    });
  });

  test('the end date may not come before the start date; one day is start and end alike', () => {
    expect(errorsOf(localChargeSchema, { ...charge, end_date: '2025-02-28' })).toEqual({
      end_date: 'end_before_start',
    });
    expect(errorsOf(localChargeSchema, { ...charge, end_date: '2025-03-01' })).toEqual({});
  });

  test('only a local government charge can be sent with this form', () => {
    expect(errorsOf(localChargeSchema, { ...charge, type: 'assessment' })).toEqual({
      type: 'code_invalid',
    });
  });

  test('the days charged count the start and the end date both', () => {
    expect(localChargeDays('2026-12-01', '2026-12-11')).toBe(11);
    expect(localChargeDays('2025-03-01', '2025-03-01')).toBe(1);
    expect(localChargeDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(localChargeDays('2024-12-31', '2025-01-01')).toBe(2);
    expect(() => localChargeDays('2025-02-30', '2025-03-04')).toThrow(RangeError);
  });

  test('a council’s most days count the days charged, start and end both', () => {
    const limits = { max_people: 50, max_days: 7 };
    const period = (end_date: string) => ({
      total_no_of_people: 1,
      start_date: '2026-12-01',
      end_date,
    });
    expect(localChargeLimitErrors(period('2026-12-07'), limits)).toEqual({});
    expect(localChargeLimitErrors(period('2026-12-08'), limits)).toEqual({
      end_date: 'days_above_limit',
    });
  });

  test('the amount is people times days times the rate, in sen', () => {
    expect(localChargeAmount({ people: 3, days: 3, rateSen: 100 })).toBe(900);
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(4_000_000), fc.nat(20_000), (people, days, rateSen) => {
        const exact = BigInt(people) * BigInt(days) * BigInt(rateSen);
        expect(BigInt(localChargeAmount({ people, days, rateSen }))).toBe(exact);
      }),
    );
  });

  test('an amount that is not a safe whole number of sen is refused', () => {
    expect(() => localChargeAmount({ people: 1.5, days: 2, rateSen: 100 })).toThrow(RangeError);
    expect(() => localChargeAmount({ people: 2 ** 30, days: 2 ** 30, rateSen: 2 ** 30 })).toThrow(
      RangeError,
    );
  });
});

describe('search', () => {
  test('a search is normalised: payment type mapped, query trimmed', () => {
    expect(
      searchSchema.parse({ council: 'mps', payment_type: 'Engineering', query: ' PB-123 ' }),
    ).toEqual({ council: 'mps', payment_type: 'engineer', query: 'PB-123' });
  });

  test('market, compound and licence numbers are searched without hyphens', () => {
    const search = (payment_type: string) =>
      searchSchema.parse({ council: 'mdkgu', payment_type, query: 'KGU-01-234' }).query;
    expect(search('market')).toBe('KGU01234');
    expect(search('compound')).toBe('KGU01234');
    expect(search('trading_license')).toBe('KGU01234');
    expect(search('assessment')).toBe('KGU-01-234');
  });

  test('an unknown council, payment type or compound type is an invalid code', () => {
    expect(
      errorsOf(searchSchema, {
        council: 'kk',
        payment_type: 'parking',
        query: '1',
        compound_type: 'speeding',
      }),
    ).toEqual({
      council: 'code_invalid',
      payment_type: 'code_invalid',
      compound_type: 'code_invalid',
    });
  });

  test('the account number is required and at most 64 characters', () => {
    const base = { council: 'lbk', payment_type: 'assessment' };
    expect(errorsOf(searchSchema, { ...base, query: '  ' })).toEqual({ query: 'required' });
    expect(errorsOf(searchSchema, { ...base, query: '1'.repeat(64) })).toEqual({});
    expect(errorsOf(searchSchema, { ...base, query: '1'.repeat(65) })).toEqual({
      query: 'account_no_invalid',
    });
  });

  test('a licence number made only of hyphens is not an account number', () => {
    expect(
      errorsOf(searchSchema, { council: 'lbk', payment_type: 'license', query: '--' }),
    ).toEqual({ query: 'account_no_invalid' });
  });

  test('plan and compound types narrow the search; a blank plan type means none', () => {
    expect(
      searchSchema.parse({
        council: 'mpt',
        payment_type: 'compound',
        query: 'K1',
        compound_type: 'citycontrol',
      }).compound_type,
    ).toBe('citycontrol');
    const plan = (plan_type: string) =>
      searchSchema.parse({ council: 'mpt', payment_type: 'engineer', query: 'P1', plan_type })
        .plan_type;
    expect(plan('private building')).toBe('PRIVATE BUILDING');
    expect(plan('drainage')).toBe('ENGINEERING');
    expect(plan(' ')).toBeUndefined();
  });
});

describe('fieldErrors', () => {
  test('only the first problem of each field is kept, nested paths joined with dots', () => {
    const schema = z.object({
      owner: z.object({ ic: z.string().min(12, 'ic_length').regex(/^\d+$/, 'code_invalid') }),
    });
    const result = schema.safeParse({ owner: { ic: 'abc' } });
    expect(result.error && fieldErrors(result.error)).toEqual({ 'owner.ic': 'ic_length' });
  });

  test('a problem with the form itself is filed under "_"', () => {
    expect(errorsOf(loginSchema, null)).toEqual({ _: 'code_invalid' });
  });

  test('a message that is not one of our keys becomes code_invalid', () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(result.error && fieldErrors(result.error)).toEqual({ n: 'code_invalid' });
  });

  test('a "__proto__" field is reported as a field, not written to the prototype', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['__proto__'], message: 'required', input: undefined },
    ]);
    const fields = fieldErrors(error);
    expect(Object.keys(fields)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  test('whatever arrives, every schema answers with our message keys and never throws', () => {
    const schemas = [
      loginSchema,
      registrationSchema,
      passwordResetRequestSchema,
      localChargeSchema,
      searchSchema,
    ];
    const field = fc.oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.anything());
    const form = fc.oneof(
      fc.anything(),
      fc.record(
        Object.fromEntries(
          Object.keys({ ...registration, ...charge, council: 0, payment_type: 0, query: 0 }).map(
            (key) => [key, field],
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(form, (input) => {
        for (const schema of schemas) {
          for (const key of Object.values(errorsOf(schema, input))) {
            expect(validationMessageKeys).toContain(key);
          }
        }
      }),
    );
  });
});

describe('helpline opening hours', () => {
  /** A minute of the day as a time input writes it. */
  const time = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  /** A day's periods: none, one, or two in order, from four distinct minutes sorted. */
  const day = fc
    .uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 4, maxLength: 4 })
    .chain((minutes) => {
      const [a, b, c, d] = [...minutes].sort((x, y) => x - y).map(time) as string[];
      return fc.constantFrom<string[]>([], [a!, b!], [a!, b!, c!, d!]);
    });

  test('a week the form accepts is kept as opening hours and reads back the same', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 7, maxLength: 7 }), (days) => {
        const hours = Object.fromEntries(
          weekdays.flatMap((weekday, index) =>
            ([1, 2] as const).flatMap((period) => [
              [hoursField(weekday, period, 'opens'), days[index]![period * 2 - 2] ?? ''],
              [hoursField(weekday, period, 'closes'), days[index]![period * 2 - 1] ?? ''],
            ]),
          ),
        );
        const form = helplineFormSchema.parse({ ...hours, reason: 'Hours change' });
        const kept = openingHoursOfWeek(form);
        expect(openingHours.safeParse(kept).success).toBe(true);
        expect(weekOfOpeningHours(kept)).toEqual(hours);
      }),
    );
  });

  test('a time out of order is told together with the other fields’ errors, not after them', () => {
    expect(
      errorsOf(helplineFormSchema, {
        phone: 'call us',
        hours_1_1_opens: '08:00',
        hours_1_1_closes: '07:00',
        reason: '',
      }),
    ).toEqual({ phone: 'phone_invalid', hours_1_1_closes: 'time_order', reason: 'required' });
  });

  test('days with the same hours are kept together, as the helpline page groups them', () => {
    const form = helplineFormSchema.parse({
      hours_1_1_opens: '08:00',
      hours_1_1_closes: '17:00',
      hours_2_1_opens: '08:00',
      hours_2_1_closes: '17:00',
      hours_6_1_opens: '09:00',
      hours_6_1_closes: '12:00',
      reason: 'Hours change',
    });
    expect(openingHoursOfWeek(form)).toEqual([
      { days: [1, 2], opens: '08:00', closes: '17:00' },
      { days: [6], opens: '09:00', closes: '12:00' },
    ]);
  });
});

test('a site settings form with a message in one language and other errors shows them all at once', () => {
  expect(
    errorsOf(siteSettingsFormSchema, {
      closing: 'yes',
      closing_message_en: 'Closed tonight',
      app_version: 'v2',
      reason: '',
    }),
  ).toEqual({
    app_version: 'version_invalid',
    reason: 'required',
    closing_message_ms: 'required',
    closing_message_zh: 'required',
  });
});
