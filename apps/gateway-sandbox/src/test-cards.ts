import type { MessageKey } from './messages';

/** What the sandbox does with a card; ErrDesc texts are the gateway's, so they stay in English. */
export interface CardOutcome {
  /** `pending`: the bank decides later (Status 6), and approves; the backend post says so. */
  state: 'paid' | 'failed' | 'pending';
  errDesc: string;
  /**
   * The BackendURL callback of a paid card: sent beside the browser's return, delivered before the
   * browser returns (so that the callback wins the race), or lost on the way.
   */
  callback: 'sent' | 'before_return' | 'lost';
  /** What the test card list says happens. */
  result: MessageKey;
}

export interface TestCard extends CardOutcome {
  number: string;
}

export const testCards: readonly TestCard[] = [
  {
    number: '4111111111111111',
    state: 'paid',
    errDesc: '',
    callback: 'sent',
    result: 'testCardApproved',
  },
  {
    number: '4000000000000002',
    state: 'failed',
    errDesc: 'Card declined',
    callback: 'sent',
    result: 'testCardDeclined',
  },
  {
    number: '4000000000009995',
    state: 'failed',
    errDesc: 'Insufficient funds',
    callback: 'sent',
    result: 'testCardInsufficientFunds',
  },
  {
    number: '4000000000000010',
    state: 'pending',
    errDesc: '',
    callback: 'sent',
    result: 'testCardPending',
  },
  {
    number: '4000000000000028',
    state: 'paid',
    errDesc: '',
    callback: 'lost',
    result: 'testCardCallbackLost',
  },
  {
    number: '5555555555554444',
    state: 'paid',
    errDesc: '',
    callback: 'before_return',
    result: 'testCardApprovedAfterCallback',
  },
];

export const unknownCardOutcome: CardOutcome = {
  state: 'failed',
  errDesc: 'Card not recognised by the sandbox',
  callback: 'sent',
  result: 'testCardDeclined',
};

/** The outcome for a Luhn-valid card number, given as digits only. */
export function cardOutcome(cardNumber: string): CardOutcome {
  return testCards.find((card) => card.number === cardNumber) ?? unknownCardOutcome;
}

/** `4111 1111 1111 1111`: card digits in groups of four, as printed on the card. */
export function groupCardDigits(cardNumber: string): string {
  return cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}
