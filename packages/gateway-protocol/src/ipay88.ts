/**
 * The iPay88 Malaysia payment gateway protocol, as iPay88 publishes it (docs/gateway-protocol.md
 * names the sources): its paths, its fields, its Amount format, its two signature types, its
 * response statuses and its requery's plain-text answers. Shared by the portal, which talks to the
 * gateway, and by the sandbox, which plays it, so that both speak exactly the same and nothing
 * more.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const gatewayPaths = {
  entry: '/epayment/entry.asp',
  enquiry: '/epayment/enquiry.asp',
} as const;

/**
 * How a merchant account signs (fixed per account by iPay88): SHA-256 of the signed text, hex, as
 * the specification's own examples; or HMAC-SHA512 of it keyed with the merchant key, hex, which
 * iPay88 has required of new accounts since 2025.
 */
export const signatureTypes = ['HMACSHA512', 'SHA256'] as const;
export type SignatureType = (typeof signatureTypes)[number];

/** A merchant as iPay88 knows it: its code, its key, and how its account signs. */
export interface Merchant {
  merchantCode: string;
  merchantKey: string;
  signatureType: SignatureType;
}

/** The form the merchant's page posts to the entry path. */
export interface GatewayRequest {
  MerchantCode: string;
  PaymentId: string;
  RefNo: string;
  Amount: string;
  Currency: string;
  ProdDesc: string;
  UserName: string;
  UserEmail: string;
  UserContact: string;
  Remark: string;
  Lang: string;
  SignatureType: string;
  Signature: string;
  ResponseURL: string;
  BackendURL: string;
}

/** The form the gateway posts back, to ResponseURL through the browser and to BackendURL. */
export interface GatewayResponse {
  MerchantCode: string;
  PaymentId: string;
  RefNo: string;
  Amount: string;
  Currency: string;
  Remark: string;
  TransId: string;
  AuthCode: string;
  /** One of responseStatuses. */
  Status: string;
  ErrDesc: string;
  Signature: string;
  CCName: string;
  /** The card's first six and last four digits, the rest masked: `411111xxxxxx1111`. */
  CCNo: string;
  /** The card's issuing bank and country. */
  S_bankname: string;
  S_country: string;
}

/** Every field of a response, in the specification's order: what a merchant reads of one. */
export const responseFieldNames = [
  'MerchantCode',
  'PaymentId',
  'RefNo',
  'Amount',
  'Currency',
  'Remark',
  'TransId',
  'AuthCode',
  'Status',
  'ErrDesc',
  'Signature',
  'CCName',
  'CCNo',
  'S_bankname',
  'S_country',
] as const satisfies readonly (keyof GatewayResponse)[];

/**
 * A response's Status: paid, failed, or pending (a delayed payment method, whose outcome the
 * gateway posts to BackendURL later).
 */
export const responseStatuses = { approved: '1', failed: '0', pending: '6' } as const;

/**
 * The requery's answers, plain and unsigned, word for word: the specification's, and those
 * client libraries meet (docs/gateway-protocol.md).
 */
export const enquiryAnswers = {
  paid: '00',
  invalid: 'Invalid parameters',
  notFound: 'Record not found',
  incorrectAmount: 'Incorrect amount',
  failed: 'Payment fail',
  pending: 'Payment Pending',
  notPaidYet: "Haven't Paid (0)",
  notPaidYetOther: "Haven't Paid (1)",
  failedByAdmin: 'M88Admin',
  limited: 'Limited by per day maximum number of requery',
} as const;

/**
 * Error texts the gateway shows when it refuses an entry request. `permission`: the entry did not
 * come from the merchant's registered request URL (its Referer); `notAllowed`: the PaymentId is
 * not one the merchant's account takes.
 */
export const gatewayErrors = {
  signature: 'Signature not match',
  parameters: 'Invalid parameters',
  duplicate: 'Duplicate reference number',
  merchant: 'Invalid merchant code',
  permission: 'Permission Not Allowed',
  notAllowed: 'Payment not allowed',
} as const;

/** `1,278.99` from 127899 sen: the gateway's Amount format, two decimals and thousands commas. */
export function formatGatewayAmount(sen: number): string {
  if (!Number.isSafeInteger(sen) || sen <= 0) {
    throw new RangeError(`Not a positive amount in sen: ${sen}`);
  }
  // Split the digits as text: dividing by 100 in floating point can round large amounts.
  const digits = String(sen).padStart(3, '0');
  const ringgit = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${ringgit}.${digits.slice(-2)}`;
}

/** Two decimals, with thousands commas in their places (`1,278.99`) or none at all (`1278.99`). */
const gatewayAmount = /^(?:0|[1-9]\d{0,2}(?:,\d{3})*|[1-9]\d*)\.\d{2}$/;

/** Sen from an Amount as the gateway writes it, with or without commas; undefined for any other. */
export function parseGatewayAmount(amount: string): number | undefined {
  if (!gatewayAmount.test(amount)) return undefined;
  const sen = Number(amountDigits(amount));
  return Number.isSafeInteger(sen) && sen > 0 ? sen : undefined;
}

/** The Amount as signed: digits only, so `1,278.99` signs as `127899`. */
export function amountDigits(amount: string): string {
  return amount.replace(/\D/g, '');
}

/** The signature of `text` as the merchant's account signs: the text begins with the key. */
function sign(merchant: Merchant, text: string): string {
  return merchant.signatureType === 'SHA256'
    ? createHash('sha256').update(text, 'utf8').digest('hex')
    : createHmac('sha512', merchant.merchantKey).update(text, 'utf8').digest('hex');
}

type RequestSignedFields = Pick<GatewayRequest, 'MerchantCode' | 'RefNo' | 'Amount' | 'Currency'>;
type ResponseSignedFields = Pick<
  GatewayResponse,
  'MerchantCode' | 'PaymentId' | 'RefNo' | 'Amount' | 'Currency' | 'Status'
>;

/** The request's signed text: MerchantKey, MerchantCode, RefNo, Amount digits, Currency. */
export function requestSignedText(merchantKey: string, fields: RequestSignedFields): string {
  const { MerchantCode, RefNo, Amount, Currency } = fields;
  return merchantKey + MerchantCode + RefNo + amountDigits(Amount) + Currency;
}

/** The response's signed text: the request's, with PaymentId after MerchantCode, and Status. */
export function responseSignedText(merchantKey: string, fields: ResponseSignedFields): string {
  const { MerchantCode, PaymentId, RefNo, Amount, Currency, Status } = fields;
  return merchantKey + MerchantCode + PaymentId + RefNo + amountDigits(Amount) + Currency + Status;
}

export function requestSignature(merchant: Merchant, fields: RequestSignedFields): string {
  return sign(merchant, requestSignedText(merchant.merchantKey, fields));
}

export function responseSignature(merchant: Merchant, fields: ResponseSignedFields): string {
  return sign(merchant, responseSignedText(merchant.merchantKey, fields));
}

const hexText = /^(?:[0-9a-f]{2})+$/i;

/** Compares hex signatures in constant time, so timing does not reveal how much of a guess is right. */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!hexText.test(expected) || !hexText.test(given) || expected.length !== given.length) {
    return false;
  }
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export function signRequest(
  merchant: Merchant,
  fields: Omit<GatewayRequest, 'Signature' | 'SignatureType'>,
): GatewayRequest {
  return {
    ...fields,
    SignatureType: merchant.signatureType,
    Signature: requestSignature(merchant, fields),
  };
}

export function signResponse(
  merchant: Merchant,
  fields: Omit<GatewayResponse, 'Signature'>,
): GatewayResponse {
  return { ...fields, Signature: responseSignature(merchant, fields) };
}

/** A card number as the gateway reports it: its first six and last four digits, `x` between. */
export function maskCardNumber(cardNumber: string): string {
  return cardNumber.slice(0, 6) + 'x'.repeat(cardNumber.length - 10) + cardNumber.slice(-4);
}
