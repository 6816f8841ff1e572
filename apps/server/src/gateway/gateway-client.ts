import {
  enquiryAnswers,
  formatGatewayAmount,
  gatewayPaths,
  parseGatewayAmount,
  responseSignature,
  responseStatuses,
  signaturesMatch,
  signRequest,
  type GatewayRequest,
  type GatewayResponse,
  type SignatureType,
} from '@portal/gateway-protocol/ipay88';

export interface GatewaySettings {
  /** The gateway's base URL as the payer's browser reaches it. */
  gatewayUrl: string;
  /** The portal's base URL as the browser and the gateway reach it. */
  publicUrl: string;
  merchantCode: string;
  merchantKey: string;
  /** How the merchant's account signs, as iPay88 set it up. */
  signatureType: SignatureType;
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
      /** Status 6: the payer's bank has not decided yet; its word comes later. */
      pending: boolean;
      /** The PaymentId it was paid by, as signed; '' when only a requery told of it. */
      paymentId: string;
      /** '' when only a requery told of it: iPay88's requery names no transaction. */
      transId: string;
      authCode: string;
      errDesc: string;
      /** The card's first six and last four digits, as the gateway reports them. */
      cardMasked: string;
      bank: string;
    }
  | { trusted: false; reference: string; reason: 'bad_signature' | 'wrong_merchant' | 'malformed' };

export type TrustedVerdict = Extract<GatewayVerdict, { trusted: true }>;

/**
 * What a requery learnt, from iPay88's plain-text answer (docs/gateway-protocol.md): paid or
 * failed; nothing paid (no card taken yet, or never); pending at the payer's bank; paid, but
 * another amount; the requery itself refused (the merchant's settings are wrong); or no answer to
 * go by.
 */
export type EnquiryResult =
  | { status: 'paid' | 'failed' | 'pending'; verdict: TrustedVerdict }
  | { status: 'not_found' | 'wrong_amount' | 'refused' }
  | { status: 'no_answer'; reason: string };

type EnquiryMeaning = Exclude<EnquiryResult['status'], 'no_answer'> | 'limited';

/** Each of iPay88's requery answers and its meaning; compared trimmed and in any letter case. */
const enquiryMeanings: Record<string, EnquiryMeaning> = {
  [enquiryAnswers.paid]: 'paid',
  [enquiryAnswers.failed]: 'failed',
  [enquiryAnswers.failedByAdmin]: 'failed',
  [enquiryAnswers.notFound]: 'not_found',
  // Not paid: the payer left the page unpaid. The portal waits for the page's time anyway.
  [enquiryAnswers.notPaidYet]: 'not_found',
  [enquiryAnswers.notPaidYetOther]: 'not_found',
  [enquiryAnswers.pending]: 'pending',
  [enquiryAnswers.incorrectAmount]: 'wrong_amount',
  [enquiryAnswers.invalid]: 'refused',
  [enquiryAnswers.limited]: 'limited',
};
const meaningOf = new Map(
  Object.entries(enquiryMeanings).map(([word, meaning]) => [word.toLowerCase(), meaning]),
);

/** What iPay88's plain-text requery answer for a payment means (docs/gateway-protocol.md). */
export function readEnquiryAnswer(
  reference: string,
  amountSen: number,
  body: string,
): EnquiryResult {
  const word = body.trim();
  const meaning = meaningOf.get(word.toLowerCase());
  if (meaning === undefined) return { status: 'no_answer', reason: 'unknown_answer' };
  if (meaning === 'limited') return { status: 'no_answer', reason: 'limited' };
  if (meaning !== 'paid' && meaning !== 'failed' && meaning !== 'pending') {
    return { status: meaning };
  }
  const approved = meaning === 'paid';
  return {
    status: meaning,
    verdict: {
      trusted: true,
      reference,
      amountSen,
      approved,
      pending: meaning === 'pending',
      paymentId: '',
      transId: '',
      authCode: '',
      errDesc: meaning === 'failed' ? word : '',
      cardMasked: '',
      bank: '',
    },
  };
}

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

  /** The requery's answer as the gateway wrote it, or why there is none. */
  const enquiryText = (reference: string, amountSen: number) =>
    post(
      gatewayPaths.enquiry,
      new URLSearchParams({
        MerchantCode: settings.merchantCode,
        RefNo: reference,
        Amount: formatGatewayAmount(amountSen),
      }),
    );

  return {
    /** The signed form the browser posts to the gateway's entry page. */
    paymentForm(payment: {
      /** The gateway's id of the bank, wallet or card the payer chose. */
      paymentId: string;
      reference: string;
      amountSen: number;
      description: string;
      payerName: string;
      payerEmail: string;
      payerPhone: string;
    }): { action: string; fields: GatewayRequest } {
      return {
        action: settings.gatewayUrl + gatewayPaths.entry,
        fields: signRequest(settings, {
          MerchantCode: settings.merchantCode,
          PaymentId: payment.paymentId,
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
      const status = text('Status');
      const statuses: string[] = Object.values(responseStatuses);
      if (!reference || amountSen === undefined || !statuses.includes(status)) {
        return { trusted: false, reference, reason: 'malformed' };
      }
      if (text('MerchantCode') !== settings.merchantCode) {
        return { trusted: false, reference, reason: 'wrong_merchant' };
      }
      const expected = responseSignature(settings, {
        MerchantCode: text('MerchantCode'),
        PaymentId: text('PaymentId'),
        RefNo: reference,
        Amount: text('Amount'),
        Currency: text('Currency'),
        Status: status,
      });
      if (!signaturesMatch(expected, text('Signature'))) {
        return { trusted: false, reference, reason: 'bad_signature' };
      }
      return {
        trusted: true,
        reference,
        // The signature covers the currency: anything but MYR is reported as a wrong amount.
        amountSen: text('Currency') === 'MYR' ? amountSen : -1,
        approved: status === responseStatuses.approved,
        pending: status === responseStatuses.pending,
        paymentId: text('PaymentId'),
        transId: text('TransId'),
        authCode: text('AuthCode'),
        errDesc: text('ErrDesc'),
        cardMasked: text('CCNo'),
        bank: text('S_bankname'),
      };
    },

    /**
     * Asks the gateway what became of a payment (its requery, `enquiry.asp`, posted as iPay88's
     * specification has it). iPay88 answers one plain, unsigned word; it is believed because it
     * came over the connection the portal opened to the gateway it is configured for: https in
     * production, no redirect followed, within 10 s and 16 KiB (docs/gateway-protocol.md).
     */
    async enquire(reference: string, amountSen: number): Promise<EnquiryResult> {
      const answer = await enquiryText(reference, amountSen);
      return typeof answer === 'string' ? readEnquiryAnswer(reference, amountSen, answer) : answer;
    },

    enquiryText,
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
