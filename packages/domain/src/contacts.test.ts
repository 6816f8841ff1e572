import { describe, expect, it } from 'vitest';
import { contactDetails } from './contacts';

describe('contactDetails', () => {
  const valid = {
    phone: '088-123 456',
    email: 'Aduan@Example.com',
    address: 'Jalan Contoh, 90000 Sandakan',
    opening_hours: [{ days: [1, 2, 3, 4, 5], opens: '08:00', closes: '17:00' }],
  };

  it('keeps what a council confirmed, the e-mail lower-cased', () => {
    expect(contactDetails.parse(valid)).toMatchObject({ email: 'aduan@example.com' });
  });

  it('refuses hours that close before they open and a phone with letters', () => {
    expect(
      contactDetails.safeParse({
        ...valid,
        opening_hours: [{ days: [1], opens: '17:00', closes: '08:00' }],
      }).success,
    ).toBe(false);
    expect(contactDetails.safeParse({ ...valid, phone: 'call 088 123' }).success).toBe(false);
  });
});
