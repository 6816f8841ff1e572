/**
 * The iPay88 card gateway protocol (technical spec v1.6.4.4): paths, field sets, amount format and
 * HMAC-SHA512 signatures. Shared by the portal, which talks to the gateway, and by the sandbox,
 * which plays the gateway, so that both sign and verify the same way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const gatewayPaths = {
  entry: '/epayment/entry.asp',
  enquiry: '/epayment/enquiry.asp',
} as const;

/** iPay88's PaymentId for a credit card payment in MYR. */
export const creditCardPaymentId = '2';

/** The SignatureType of a request signed by requestSignature. */
export const signatureType = 'HMACSHA512';

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
  Xfield1: string;
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
  /** '1' success, '0' failure. */
  Status: string;
  ErrDesc: string;
  CCName: string;
  CCNo: string;
  S_bankname: string;
  /**
   * The card's network (VISA, MASTERCARD, AMEX, UNIONPAY, JCB) as the gateway saw it. Not one of
   * iPay88's v1.6.4.4 fields: the portal needs it for the receipt, and reads it where the gateway
   * sends it (docs/gateway-protocol.md). Not covered by the response signature, like CCNo.
   */
  CardType: string;
  TranDate: string;
  Signature: string;
}

/** The statuses of the enquiry path: iPay88's re-query answers, word for word. */
export const enquiryAnswers = {
  success: '00',
  notFound: 'Record not found',
  incorrectAmount: 'Incorrect amount',
  failed: 'Payment fail',
  invalid: 'Invalid parameters',
} as const;

export type EnquiryStatus = (typeof enquiryAnswers)[keyof typeof enquiryAnswers];

/**
 * The enquiry path's answer: a form-encoded body whose Status is one of enquiryAnswers, with the
 * transaction's details, all signed. iPay88's plain-text re-query is not signed, so anyone between
 * the portal and the gateway could answer "00"; this protocol requires the signature
 * (docs/gateway-protocol.md).
 */
export interface EnquiryResponse {
  MerchantCode: string;
  RefNo: string;
  Amount: string;
  Currency: string;
  Status: string;
  TransId: string;
  AuthCode: string;
  ErrDesc: string;
  CardType: string;
  CCNo: string;
  S_bankname: string;
  Signature: string;
}

/** Every field of an enquiry answer but the signature, in the order they are signed. */
export const enquirySignedFields = [
  'MerchantCode',
  'RefNo',
  'Amount',
  'Currency',
  'Status',
  'TransId',
  'AuthCode',
  'ErrDesc',
  'CardType',
  'CCNo',
  'S_bankname',
] as const satisfies readonly Exclude<keyof EnquiryResponse, 'Signature'>[];

/** Error texts the gateway shows when it refuses an entry request. */
export const gatewayErrors = {
  signature: 'Signature not match',
  parameters: 'Invalid parameters',
  duplicate: 'Duplicate reference number',
  merchant: 'Invalid merchant code',
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

const canonicalAmount = /^(?:0|[1-9]\d{0,2}(?:,\d{3})*)\.\d{2}$/;

/** Sen from an Amount exactly as formatGatewayAmount writes it; undefined for any other text. */
export function parseGatewayAmount(amount: string): number | undefined {
  if (!canonicalAmount.test(amount)) return undefined;
  const sen = Number(amountDigits(amount));
  return Number.isSafeInteger(sen) && sen > 0 ? sen : undefined;
}

/** The Amount as signed: digits only, so `1,278.99` signs as `127899`. */
export function amountDigits(amount: string): string {
  return amount.replace(/\D/g, '');
}

function hmacSha512(merchantKey: string, message: string): string {
  return createHmac('sha512', merchantKey).update(message, 'utf8').digest('hex');
}

type RequestSignedFields = Pick<
  GatewayRequest,
  'MerchantCode' | 'RefNo' | 'Amount' | 'Currency' | 'Xfield1'
>;
type ResponseSignedFields = Pick<
  GatewayResponse,
  'MerchantCode' | 'PaymentId' | 'RefNo' | 'Amount' | 'Currency' | 'Status'
>;

/** iPay88: HMAC-SHA512 over MerchantKey, MerchantCode, RefNo, Amount digits, Currency, Xfield1. */
export function requestSignature(merchantKey: string, fields: RequestSignedFields): string {
  const { MerchantCode, RefNo, Amount, Currency, Xfield1 } = fields;
  return hmacSha512(
    merchantKey,
    merchantKey + MerchantCode + RefNo + amountDigits(Amount) + Currency + Xfield1,
  );
}

/** iPay88: HMAC-SHA512 over MerchantKey, MerchantCode, PaymentId, RefNo, Amount digits, Currency, Status. */
export function responseSignature(merchantKey: string, fields: ResponseSignedFields): string {
  const { MerchantCode, PaymentId, RefNo, Amount, Currency, Status } = fields;
  return hmacSha512(
    merchantKey,
    merchantKey + MerchantCode + PaymentId + RefNo + amountDigits(Amount) + Currency + Status,
  );
}

/**
 * HMAC-SHA512 over the merchant key and each signed field in order, each field's length before
 * it, so that no two different messages sign the same text (`"ab"+"c"` against `"a"+"bc"`).
 */
function lengthPrefixedSignature<Field extends string>(
  merchantKey: string,
  order: readonly Field[],
  fields: Record<Field, string>,
): string {
  const text = order.map((key) => `${fields[key].length}:${fields[key]}`).join('');
  return hmacSha512(merchantKey, merchantKey + text);
}

export function enquirySignature(
  merchantKey: string,
  fields: Omit<EnquiryResponse, 'Signature'>,
): string {
  return lengthPrefixedSignature(merchantKey, enquirySignedFields, fields);
}

export function signEnquiryResponse(
  merchantKey: string,
  fields: Omit<EnquiryResponse, 'Signature'>,
): EnquiryResponse {
  return { ...fields, Signature: enquirySignature(merchantKey, fields) };
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
  merchantKey: string,
  fields: Omit<GatewayRequest, 'Signature' | 'SignatureType'>,
): GatewayRequest {
  return {
    ...fields,
    SignatureType: signatureType,
    Signature: requestSignature(merchantKey, fields),
  };
}

export function signResponse(
  merchantKey: string,
  fields: Omit<GatewayResponse, 'Signature'>,
): GatewayResponse {
  return { ...fields, Signature: responseSignature(merchantKey, fields) };
}
