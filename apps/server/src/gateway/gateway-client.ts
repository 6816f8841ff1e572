import {
  creditCardPaymentId,
  enquiryAnswers,
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
      bank: string;
    }
  | { trusted: false; reference: string; reason: 'bad_signature' | 'wrong_merchant' | 'malformed' };

export type EnquiryAnswer = (typeof enquiryAnswers)[keyof typeof enquiryAnswers];

/** The portal's side of the card gateway's protocol (iPay88, DESIGN.md section 1). */
export function createGatewayClient(settings: GatewaySettings) {
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
        bank: text('S_bankname'),
      };
    },

    /** Asks the gateway what became of a payment (its requery, `enquiry.asp`). */
    async enquire(reference: string, amountSen: number): Promise<EnquiryAnswer | 'unreachable'> {
      try {
        const response = await fetch(settings.gatewayUrl + gatewayPaths.enquiry, {
          method: 'POST',
          body: new URLSearchParams({
            MerchantCode: settings.merchantCode,
            RefNo: reference,
            Amount: formatGatewayAmount(amountSen),
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await response.text()).trim();
        const known = Object.values(enquiryAnswers) as string[];
        return known.includes(answer) ? (answer as EnquiryAnswer) : 'unreachable';
      } catch {
        return 'unreachable';
      }
    },
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;
