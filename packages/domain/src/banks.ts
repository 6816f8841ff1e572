/** Card-issuing banks, with short codes that stay stable when a name changes. */
export const banks = [
  { code: 'affin', name: 'Affin Bank' },
  { code: 'alliance', name: 'Alliance Bank' },
  { code: 'ambank', name: 'AmBank' },
  { code: 'bank_islam', name: 'Bank Islam' },
  { code: 'muamalat', name: 'Bank Muamalat Malaysia' },
  { code: 'bank_rakyat', name: 'Bank Rakyat' },
  { code: 'bsn', name: 'Bank Simpanan Nasional' },
  { code: 'cimb', name: 'CIMB Bank' },
  { code: 'citibank', name: 'Citibank' },
  { code: 'hong_leong', name: 'Hong Leong Bank' },
  { code: 'hsbc', name: 'HSBC Bank' },
  { code: 'maybank', name: 'MayBank' },
  { code: 'ocbc', name: 'OCBC Bank' },
  { code: 'public_bank', name: 'Public Bank' },
  { code: 'rhb', name: 'RHB Bank' },
  { code: 'standard_chartered', name: 'Standard Chartered Bank' },
] as const;

export type BankCode = (typeof banks)[number]['code'];
