/** The sandbox's own paths, beside the gateway paths of the protocol. */
export const sandboxPaths = {
  home: '/',
  /** Where the hosted card page posts the card details; the real gateway's path is its own. */
  pay: '/epayment/pay',
} as const;
