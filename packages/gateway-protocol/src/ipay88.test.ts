import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  amountDigits,
  enquirySignature,
  signEnquiryResponse,
  formatGatewayAmount,
  parseGatewayAmount,
  requestSignature,
  responseSignature,
  signRequest,
  signResponse,
  signaturesMatch,
} from './ipay88';

// Known-answer vectors, key `apple`, computed over iPay88's example fields.
const requestVector =
  'c41859fed9b4ac135990cc10737ff3a37ad1e0eaa3e0f2235a652172fe3465413449b2e73acb782bb14a1b2e32792e91dc03fd2da355432de86df6730ed70e9a';
const responseVector =
  '2b8bcaf66881a9f02a7a2b470cbdf958a86d92f2169774de1062db0376545b061c98f78827db0dbe8aacf908982d5777f577370e19658649a9794c7168b5a5d7';

const exampleRequest = {
  MerchantCode: 'M00003',
  PaymentId: '2',
  RefNo: 'A00000001',
  Amount: '1.00',
  Currency: 'MYR',
  ProdDesc: 'Assessment tax',
  UserName: 'Siti Aminah',
  UserEmail: 'siti@example.com',
  UserContact: '0123456789',
  Remark: '',
  Lang: 'UTF-8',
  ResponseURL: 'https://portal.example/payment/return',
  BackendURL: 'https://portal.example/payment/backend',
  Xfield1: '',
};

const exampleResponse = {
  MerchantCode: 'M00003',
  PaymentId: '2',
  RefNo: 'A00000001',
  Amount: '1.00',
  Currency: 'MYR',
  Remark: '',
  TransId: 'T000000001',
  AuthCode: '123456',
  Status: '1',
  ErrDesc: '',
  CCName: 'SITI AMINAH',
  CCNo: '4111111111',
  S_bankname: 'MayBank',
  CardType: 'VISA',
  TranDate: '2026-01-31 13:45:00',
};

describe('gateway amounts', () => {
  test.each([
    [127899, '1,278.99'],
    [100, '1.00'],
    [5, '0.05'],
    [99, '0.99'],
    [123456789, '1,234,567.89'],
  ])('%i sen is written as %s and read back', (sen, text) => {
    expect(formatGatewayAmount(sen)).toBe(text);
    expect(parseGatewayAmount(text)).toBe(sen);
  });

  test.each([0, -100, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])(
    '%d sen cannot be sent to the gateway',
    (sen) => {
      expect(() => formatGatewayAmount(sen)).toThrow(RangeError);
    },
  );

  test.each([
    '1278.99',
    '1,278.9',
    '1,278',
    '1,27.99',
    '01.00',
    '0.00',
    '-1.00',
    ' 1.00',
    'RM 1.00',
    '1.000',
    '',
    '90,071,992,547,409.92',
  ])('%j is not a gateway amount', (text) => {
    expect(parseGatewayAmount(text)).toBeUndefined();
  });

  test('every positive amount survives formatting and parsing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (sen) => {
        expect(parseGatewayAmount(formatGatewayAmount(sen))).toBe(sen);
      }),
    );
  });

  test('the signed form of an amount is its digits', () => {
    expect(amountDigits('1,278.99')).toBe('127899');
    expect(amountDigits('1.00')).toBe('100');
  });
});

describe('request signatures', () => {
  test('match the known-answer vector', () => {
    expect(requestSignature('apple', exampleRequest)).toBe(requestVector);
  });

  test('a signed request carries the HMAC-SHA512 signature and its type', () => {
    const signed = signRequest('apple', exampleRequest);
    expect(signed).toEqual({
      ...exampleRequest,
      SignatureType: 'HMACSHA512',
      Signature: requestVector,
    });
  });

  test('change with the merchant key', () => {
    expect(requestSignature('pear', exampleRequest)).not.toBe(requestVector);
  });

  test.each([
    ['amount', { Amount: '1.01' }],
    ['reference', { RefNo: 'A00000002' }],
    ['merchant', { MerchantCode: 'M00004' }],
    ['currency', { Currency: 'SGD' }],
    ['extra field', { Xfield1: 'x' }],
  ])('change with the %s', (_, change) => {
    expect(requestSignature('apple', { ...exampleRequest, ...change })).not.toBe(requestVector);
  });

  test('ignore the fields iPay88 leaves unsigned', () => {
    const changed = { ...exampleRequest, ProdDesc: 'Other', UserEmail: 'x@example.com' };
    expect(requestSignature('apple', changed)).toBe(requestVector);
  });
});

describe('response signatures', () => {
  test('match the known-answer vector', () => {
    expect(responseSignature('apple', exampleResponse)).toBe(responseVector);
  });

  test('a signed response carries its signature', () => {
    expect(signResponse('apple', exampleResponse)).toEqual({
      ...exampleResponse,
      Signature: responseVector,
    });
  });

  test.each([
    ['status', { Status: '0' }],
    ['payment method', { PaymentId: '6' }],
    ['amount', { Amount: '100.00' }],
  ])('change with the %s', (_, change) => {
    expect(responseSignature('apple', { ...exampleResponse, ...change })).not.toBe(responseVector);
  });
});

describe('enquiry answers', () => {
  const paid = {
    MerchantCode: 'M00003',
    RefNo: 'A00000001',
    Amount: '1.00',
    Currency: 'MYR',
    Status: '00',
    TransId: 'T000000001',
    AuthCode: '123456',
    ErrDesc: '',
    CardType: 'VISA',
    CCNo: '4111111111',
    S_bankname: 'MayBank',
  };

  test('are signed over every field, so changing any one breaks the signature', () => {
    const signed = signEnquiryResponse('apple', paid);
    expect(signaturesMatch(enquirySignature('apple', signed), signed.Signature)).toBe(true);
    for (const key of Object.keys(paid) as (keyof typeof paid)[]) {
      const changed = { ...paid, [key]: `${paid[key]}x` };
      expect(enquirySignature('apple', changed), key).not.toBe(signed.Signature);
    }
    expect(enquirySignature('pear', paid)).not.toBe(signed.Signature);
  });

  test('moving text from one field to the next changes the signature', () => {
    const moved = { ...paid, AuthCode: '12345', ErrDesc: '6' };
    expect(enquirySignature('apple', moved)).not.toBe(enquirySignature('apple', paid));
  });
});

describe('comparing signatures', () => {
  test('the same signature matches, in either letter case', () => {
    expect(signaturesMatch(responseVector, responseVector)).toBe(true);
    expect(signaturesMatch(responseVector, responseVector.toUpperCase())).toBe(true);
  });

  test('another signature of the same length does not match', () => {
    expect(signaturesMatch(responseVector, requestVector)).toBe(false);
  });

  test.each([
    ['shorter', requestVector.slice(0, -2)],
    ['longer', `${requestVector}00`],
    ['empty', ''],
    ['not hex', `${requestVector.slice(0, -2)}zz`],
    ['odd length', requestVector.slice(0, -1)],
  ])('a %s signature does not match', (_, given) => {
    expect(signaturesMatch(requestVector, given)).toBe(false);
  });
});
