import type { CardBrand } from './cards';
import type { Sen } from './money';
import type { PaymentStatus } from './payment-status';
import type { PaymentType } from './payment-types';

/** One service line of a receipt: what was paid of one bill (docs/receipts.md). */
export interface ReceiptItem {
  council: string;
  council_name: string;
  payment_type: PaymentType;
  /** The account, licence, compound, ticket, stall, booking or plan number as the council prints it. */
  account_no: string;
  description: string;
  amount: Sen;
  /** Assessment only: `YYYY/Q`, the last quarter this payment covers. */
  paid_until: string | null;
  /** Local government charge only: the licence it belongs to. */
  license_no: string | null;
}

/**
 * A payment as its payer sees it on the confirmation and receipt pages, in the PDF and in the
 * e-mail. Only the payer gets it: with the token handed out at checkout, or with the reference
 * and the payer's e-mail.
 */
export interface Receipt {
  reference: string;
  status: PaymentStatus;
  amount: Sen;
  /** ISO timestamps (UTC); shown in Malaysia time. */
  created_at: string;
  paid_at: string | null;
  /** While the payment is open: when its bills go back to others if it is not paid by then. */
  release_at: string | null;
  payer: { full_name: string; email: string; phone: string };
  card: {
    /** As the gateway reported it; null when it named none the portal knows. */
    brand: CardBrand | null;
    /** First 6 and last 4 digits, as the gateway returns them: `4111 11•• •••• 1111`. */
    masked_number: string | null;
    bank: string | null;
    auth_code: string | null;
    trans_id: string | null;
  };
  /** The gateway's reason for a failed payment, for the payer. */
  failure_reason: string | null;
  /**
   * Money the gateway took that no bill kept (docs/payments.md): owed back to the payer's card.
   * Null when there is none.
   */
  refund: { amount: Sen; status: 'due' | 'refunded' } | null;
  items: ReceiptItem[];
  /** The public page that confirms this receipt is genuine (its QR code points here). */
  check_url: string;
}

/** What the public check page shows of a genuine receipt: no personal data. */
export interface ReceiptCheck {
  reference: string;
  status: PaymentStatus;
  amount: Sen;
  paid_at: string | null;
  councils: { code: string; name: string }[];
}
