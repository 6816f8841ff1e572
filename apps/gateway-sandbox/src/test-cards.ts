import type { MessageKey } from './messages';

/** What the sandbox does with a card; ErrDesc texts are the gateway's, so they stay in English. */
export interface CardOutcome {
  approved: boolean;
  errDesc: string;
  /** Hold the browser's return until the BackendURL callback is delivered, so the callback wins. */
  returnAfterCallback: boolean;
  /** What the test card list says happens. */
  result: MessageKey;
}

export interface TestCard extends CardOutcome {
  number: string;
}

export const testCards: readonly TestCard[] = [
  {
    number: '4111111111111111',
    approved: true,
    errDesc: '',
    returnAfterCallback: false,
    result: 'testCardApproved',
  },
  {
    number: '4000000000000002',
    approved: false,
    errDesc: 'Card declined',
    returnAfterCallback: false,
    result: 'testCardDeclined',
  },
  {
    number: '4000000000009995',
    approved: false,
    errDesc: 'Insufficient funds',
    returnAfterCallback: false,
    result: 'testCardInsufficientFunds',
  },
  {
    number: '5555555555554444',
    approved: true,
    errDesc: '',
    returnAfterCallback: true,
    result: 'testCardApprovedAfterCallback',
  },
];

export const unknownCardOutcome: CardOutcome = {
  approved: false,
  errDesc: 'Card not recognised by the sandbox',
  returnAfterCallback: false,
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
