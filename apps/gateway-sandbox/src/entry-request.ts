import { channelOf, type PaymentChannel } from '@portal/domain/payment-methods';
import {
  gatewayErrors,
  parseGatewayAmount,
  requestSignature,
  signaturesMatch,
  type GatewayRequest,
  type Merchant,
} from '@portal/gateway-protocol/ipay88';

export type GatewayError = (typeof gatewayErrors)[keyof typeof gatewayErrors];

export type EntryCheck =
  | { ok: true; request: GatewayRequest; amountSen: number; channel: PaymentChannel }
  | { ok: false; error: GatewayError };

const length = (min: number, max: number) => (value: string) =>
  value.length >= min && value.length <= max;

function isWebAddress(value: string): boolean {
  if (value.length > 200 || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** The character sets iPay88's specification allows in Lang; it names an encoding, not a page language. */
const encodings = new Set(['ISO-8859-1', 'UTF-8', 'GB2312', 'GD18030', 'BIG5']);

/**
 * One rule per request field, with iPay88's field lengths; an absent field reads as ''. The
 * SignatureType must be the one the merchant's account signs with.
 */
const fieldRules = (
  merchant: Merchant,
): Record<keyof GatewayRequest, (value: string) => boolean> => ({
  MerchantCode: length(1, 20),
  // iPay88's PaymentId is an integer; which ids the account takes is checked after the fields.
  PaymentId: (value) => /^\d{1,9}$/.test(value),
  RefNo: length(1, 30),
  Amount: (value) => parseGatewayAmount(value) !== undefined,
  Currency: (value) => value === 'MYR',
  ProdDesc: length(1, 100),
  UserName: length(1, 100),
  UserEmail: (value) => value.length <= 100 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  UserContact: length(1, 20),
  Remark: length(0, 100),
  Lang: (value) => value === '' || encodings.has(value.toUpperCase()),
  SignatureType: (value) => value === merchant.signatureType,
  Signature: length(1, 128),
  ResponseURL: isWebAddress,
  BackendURL: isWebAddress,
});

/**
 * Checks a posted entry form the way the gateway does: the merchant first, then every field, then
 * the signature, then whether the merchant's account takes the payment method asked for. Whether
 * the RefNo was already paid is the caller's to check.
 */
export function checkEntryRequest(body: unknown, merchant: Merchant): EntryCheck {
  const form = (body ?? {}) as Record<string, unknown>;
  if (form.MerchantCode !== merchant.merchantCode) {
    return { ok: false, error: gatewayErrors.merchant };
  }
  const request = {} as GatewayRequest;
  const rules = fieldRules(merchant);
  for (const name of Object.keys(rules) as (keyof GatewayRequest)[]) {
    const value = form[name] ?? '';
    // A field sent twice arrives as an array: as invalid as a wrong value.
    if (typeof value !== 'string' || !rules[name](value)) {
      return { ok: false, error: gatewayErrors.parameters };
    }
    request[name] = value;
  }
  if (!signaturesMatch(requestSignature(merchant, request), request.Signature)) {
    return { ok: false, error: gatewayErrors.signature };
  }
  // The sandbox's account takes every method the portal offers, and no other.
  const channel = channelOf(request.PaymentId);
  if (!channel) return { ok: false, error: gatewayErrors.notAllowed };
  return { ok: true, request, amountSen: parseGatewayAmount(request.Amount)!, channel };
}
