import {
  creditCardPaymentId,
  enquiryAnswers,
  enquirySignature,
  enquirySignedFields,
  formatGatewayAmount,
  gatewayPaths,
  parseGatewayAmount,
  responseSignature,
  signaturesMatch,
  signRequest,
  type GatewayRequest,
  type GatewayResponse,
} from '@portal/gateway-protocol/ipay88';

export interface GatewaySettings {
  /** The gateway's base URL as the payer's browser reaches it. */
  gatewayUrl: string;
  /** The portal's base URL as the browser and the gateway reach it. */
  publicUrl: string;
  merchantCode: string;
  merchantKey: string;
  /** How long a requery may take, answer read in full; 10 s unless a test needs it shorter. */
  enquiryTimeoutMs?: number;
}

/** What the gateway says of a payment, once its message has been checked. */
export type GatewayVerdict =
  | {
      trusted: true;
      reference: string;
      amountSen: number;
      approved: boolean;
      transId: string;
      authCode: string;
      errDesc: string;
      cardMasked: string;
      /** The card's network as the gateway reports it (VISA, MASTERCARD…); '' when it does not. */
      cardType: string;
      bank: string;
    }
  | { trusted: false; reference: string; reason: 'bad_signature' | 'wrong_merchant' | 'malformed' };

export type TrustedVerdict = Extract<GatewayVerdict, { trusted: true }>;

/**
 * What a requery learnt: a signed answer that the payment was paid or failed (with the
 * transaction), that the gateway has no paid or failed attempt of it (a card page may still be
 * open), that the amount differs, or nothing trustworthy at all.
 */
export type EnquiryResult =
  | { status: 'paid' | 'failed'; verdict: TrustedVerdict }
  | { status: 'not_found' | 'wrong_amount' }
  | { status: 'no_answer'; reason: string };

/** A requery's answer is a few bytes; more than this is not read. */
const answerBodyLimit = 16 * 1024;

/** The body of a response, or undefined once it grows past `limit` bytes. */
async function boundedText(response: Response, limit: number): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The signed fields of a gateway's answer, when its signature is the merchant's and it repeats
 * what was asked (`asked`, field by field); undefined for anything else, which is no answer.
 */
function trustedAnswer<Field extends string>(
  body: string,
  signedFields: readonly Field[],
  signatureOf: (fields: Record<Field, string>) => string,
  asked: Partial<Record<Field, string>>,
): Record<Field, string> | undefined {
  const answer = Object.fromEntries(new URLSearchParams(body));
  const fields = Object.fromEntries(signedFields.map((key) => [key, answer[key] ?? ''])) as Record<
    Field,
    string
  >;
  const genuine = signaturesMatch(signatureOf(fields), answer.Signature ?? '');
  const ours = Object.entries(asked).every(([key, value]) => fields[key as Field] === value);
  return genuine && ours ? fields : undefined;
}

/** The portal's side of the card gateway's protocol (iPay88: docs/gateway-protocol.md). */
export function createGatewayClient(settings: GatewaySettings) {
  /**
   * Posts a form to the gateway: the answer's body, or why there is none to read. A redirect is
   * not followed, and the answer must come within the timeout and 16 KiB.
   */
  async function post(
    path: string,
    form: URLSearchParams,
  ): Promise<string | { status: 'no_answer'; reason: string }> {
    try {
      const response = await fetch(settings.gatewayUrl + path, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.enquiryTimeoutMs ?? 10_000),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        return { status: 'no_answer', reason: `http_${response.status}` };
      }
      const body = await boundedText(response, answerBodyLimit);
      return body ?? { status: 'no_answer', reason: 'too_large' };
    } catch {
      return { status: 'no_answer', reason: 'unreachable' };
    }
  }

  return {
    /** The signed form the browser posts to the gateway's entry page. */
    paymentForm(payment: {
      reference: string;
      amountSen: number;
      description: string;
      payerName: string;
      payerEmail: string;
      payerPhone: string;
    }): { action: string; fields: GatewayRequest } {
      return {
        action: settings.gatewayUrl + gatewayPaths.entry,
        fields: signRequest(settings.merchantKey, {
          MerchantCode: settings.merchantCode,
          PaymentId: creditCardPaymentId,
          RefNo: payment.reference,
          Amount: formatGatewayAmount(payment.amountSen),
          Currency: 'MYR',
          ProdDesc: payment.description,
          UserName: payment.payerName,
          UserEmail: payment.payerEmail,
          UserContact: payment.payerPhone,
          Remark: '',
          Lang: 'UTF-8',
          ResponseURL: `${settings.publicUrl}/api/payments/return`,
          BackendURL: `${settings.publicUrl}/api/payments/callback`,
          Xfield1: '',
        }),
      };
    },

    /**
     * Checks a return or callback: our merchant code, a signature made with our key over what it
     * says, and an amount in the gateway's format. Whether it matches the payment is the caller's
     * to judge.
     */
    verify(fields: Partial<Record<keyof GatewayResponse, unknown>>): GatewayVerdict {
      const text = (key: keyof GatewayResponse) =>
        typeof fields[key] === 'string' ? (fields[key] as string) : '';
      const reference = text('RefNo');
      const amountSen = parseGatewayAmount(text('Amount'));
      if (!reference || amountSen === undefined || !['0', '1'].includes(text('Status'))) {
        return { trusted: false, reference, reason: 'malformed' };
      }
      if (text('MerchantCode') !== settings.merchantCode) {
        return { trusted: false, reference, reason: 'wrong_merchant' };
      }
      const expected = responseSignature(settings.merchantKey, {
        MerchantCode: text('MerchantCode'),
        PaymentId: text('PaymentId'),
        RefNo: reference,
        Amount: text('Amount'),
        Currency: text('Currency'),
        Status: text('Status'),
      });
      if (!signaturesMatch(expected, text('Signature'))) {
        return { trusted: false, reference, reason: 'bad_signature' };
      }
      return {
        trusted: true,
        reference,
        // The signature covers the currency: anything but MYR is reported as a wrong amount.
        amountSen: text('Currency') === 'MYR' ? amountSen : -1,
        approved: text('Status') === '1',
        transId: text('TransId'),
        authCode: text('AuthCode'),
        errDesc: text('ErrDesc'),
        cardMasked: text('CCNo'),
        cardType: text('CardType'),
        bank: text('S_bankname'),
      };
    },

    /**
     * Asks the gateway what became of a payment (its requery, `enquiry.asp`). Only a 200 answer
     * with a valid signature over this payment's merchant, reference and amount is believed; a
     * redirect is not followed, and the answer must come within 10 s and 16 KiB.
     */
    async enquire(reference: string, amountSen: number): Promise<EnquiryResult> {
      const amount = formatGatewayAmount(amountSen);
      const body = await post(
        gatewayPaths.enquiry,
        new URLSearchParams({
          MerchantCode: settings.merchantCode,
          RefNo: reference,
          Amount: amount,
        }),
      );
      if (typeof body !== 'string') return body;
      const fields = trustedAnswer(
        body,
        enquirySignedFields,
        (answer) => enquirySignature(settings.merchantKey, answer),
        { MerchantCode: settings.merchantCode, RefNo: reference, Amount: amount, Currency: 'MYR' },
      );
      if (!fields) return { status: 'no_answer', reason: 'unsigned' };
      if (fields.Status === enquiryAnswers.notFound) return { status: 'not_found' };
      if (fields.Status === enquiryAnswers.incorrectAmount) return { status: 'wrong_amount' };
      if (fields.Status !== enquiryAnswers.success && fields.Status !== enquiryAnswers.failed) {
        return { status: 'no_answer', reason: 'invalid' };
      }
      const approved = fields.Status === enquiryAnswers.success;
      return {
        status: approved ? 'paid' : 'failed',
        verdict: {
          trusted: true,
          reference,
          amountSen,
          approved,
          transId: fields.TransId,
          authCode: fields.AuthCode,
          errDesc: fields.ErrDesc || (approved ? '' : enquiryAnswers.failed),
          cardMasked: fields.CCNo,
          cardType: fields.CardType,
          bank: fields.S_bankname,
        },
      };
    },
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
