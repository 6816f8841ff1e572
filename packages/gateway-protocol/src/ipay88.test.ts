import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  amountDigits,
  formatGatewayAmount,
  maskCardNumber,
  parseGatewayAmount,
  requestSignature,
  requestSignedText,
  responseSignature,
  responseSignedText,
  signRequest,
  signResponse,
  signaturesMatch,
  type Merchant,
} from './ipay88';

/**
 * iPay88's own published example (its technical specification's signature section): merchant key
 * `apple`, merchant code `M00003`, RefNo `A00000001`, amount 1.00 MYR; the response with PaymentId
 * 2 and Status 1. The SHA-256 hashes are the specification's; no HMAC-SHA512 example is published,
 * so those were computed as current client libraries compute them: HMAC-SHA512, keyed with the
 * merchant key, of the same text.
 */
const example = {
  requestText: 'appleM00003A00000001100MYR',
  responseText: 'appleM000032A00000001100MYR1',
  SHA256: {
    request: '110f0be755ccfa9373aa38104bafbc5c6e5462344e44bcfbb70439c82b4b07fa',
    response: 'f173a2521d178574caab19ab7ddd04b299dbc0d656a26c1d1aabf9187dfbf352',
  },
  HMACSHA512: {
    request:
      'c41859fed9b4ac135990cc10737ff3a37ad1e0eaa3e0f2235a652172fe3465413449b2e73acb782bb14a1b2e32792e91dc03fd2da355432de86df6730ed70e9a',
    response:
      '2b8bcaf66881a9f02a7a2b470cbdf958a86d92f2169774de1062db0376545b061c98f78827db0dbe8aacf908982d5777f577370e19658649a9794c7168b5a5d7',
  },
} as const;

const merchantSigning = (signatureType: Merchant['signatureType']): Merchant => ({
  merchantCode: 'M00003',
  merchantKey: 'apple',
  signatureType,
});

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
  CCNo: '411111xxxxxx1111',
  S_bankname: 'MayBank',
  S_country: 'MY',
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
    ['1,278.99', 127899],
    ['1278.99', 127899],
    ['1234567.89', 123456789],
  ])('%s, with or without thousands commas, is %i sen', (text, sen) => {
    expect(parseGatewayAmount(text)).toBe(sen);
  });

  test.each([
    '1,278.9',
    '1,278',
    '1,27.99',
    '12,78.99',
    '1278,99',
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

describe.each(['SHA256', 'HMACSHA512'] as const)('%s signatures', (type) => {
  const merchant = merchantSigning(type);
  const vectors = example[type];

  test('sign the published example text, byte for byte', () => {
    expect(requestSignedText('apple', exampleRequest)).toBe(example.requestText);
    expect(responseSignedText('apple', exampleResponse)).toBe(example.responseText);
    expect(requestSignature(merchant, exampleRequest)).toBe(vectors.request);
    expect(responseSignature(merchant, exampleResponse)).toBe(vectors.response);
  });

  test('a signed request carries its signature and the account’s type; a signed response its signature', () => {
    expect(signRequest(merchant, exampleRequest)).toEqual({
      ...exampleRequest,
      SignatureType: type,
      Signature: vectors.request,
    });
    expect(signResponse(merchant, exampleResponse)).toEqual({
      ...exampleResponse,
      Signature: vectors.response,
    });
  });

  test.each([
    ['key', { merchantKey: 'pear' }, {}],
    ['amount', {}, { Amount: '1.01' }],
    ['reference', {}, { RefNo: 'A00000002' }],
    ['merchant', {}, { MerchantCode: 'M00004' }],
    ['currency', {}, { Currency: 'SGD' }],
  ])('change with the %s', (_, account, change) => {
    const other = { ...merchant, ...account };
    expect(requestSignature(other, { ...exampleRequest, ...change })).not.toBe(vectors.request);
    expect(responseSignature(other, { ...exampleResponse, ...change })).not.toBe(vectors.response);
  });

  test.each([
    ['status', { Status: '0' }],
    ['payment method', { PaymentId: '6' }],
  ])('a response’s change with the %s', (_, change) => {
    expect(responseSignature(merchant, { ...exampleResponse, ...change })).not.toBe(
      vectors.response,
    );
  });

  test('ignore the fields iPay88 leaves unsigned: a TransId, a card, a description', () => {
    const request = { ...exampleRequest, ProdDesc: 'Other', UserEmail: 'x@example.com' };
    expect(requestSignature(merchant, request)).toBe(vectors.request);
    const response = { ...exampleResponse, TransId: 'T999', CCNo: '', AuthCode: '' };
    expect(responseSignature(merchant, response)).toBe(vectors.response);
  });
});

test('a card number is reported by its first six and last four digits', () => {
  expect(maskCardNumber('4111111111111111')).toBe('411111xxxxxx1111');
  expect(maskCardNumber('378282246310005')).toBe('378282xxxxx0005');
});

const responseVector = example.HMACSHA512.response;
const requestVector = example.HMACSHA512.request;

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
