/** The 23 councils of Sabah, in the portal's order, under their official names. */
export const councilCodes = [
  'mps',
  'mpt',
  'mdpg',
  'mdld',
  'mdppr',
  'mdkgu',
  'mdktn',
  'mdblr',
  'mdbft',
  'lbk',
  'mdsptg',
  'mdkm',
  'mdtrn',
  'mdknk',
  'mdspa',
  'mdrnu',
  'mdkb',
  'mdnbwn',
  'mdtbn',
  'mdkp',
  'mdtnm',
  'mdptn',
  'mdpts',
] as const;

export type CouncilCode = (typeof councilCodes)[number];

export interface Council {
  code: CouncilCode;
  name: string;
  shortName: string;
  /** Each council has its own product title (the gateway's is 'MPS EPAYMENT'). */
  productTitle: string;
}

const names: Record<CouncilCode, string> = {
  mps: 'Majlis Perbandaran Sandakan',
  mpt: 'Majlis Perbandaran Tawau',
  mdpg: 'Majlis Daerah Penampang',
  mdld: 'Majlis Daerah Lahad Datu',
  mdppr: 'Majlis Daerah Papar',
  mdkgu: 'Majlis Daerah Keningau',
  mdktn: 'Majlis Daerah Kinabatangan',
  mdblr: 'Majlis Daerah Beluran',
  mdbft: 'Majlis Daerah Beaufort',
  lbk: 'Lembaga Bandaran Kudat',
  mdsptg: 'Majlis Daerah Sipitang',
  mdkm: 'Majlis Daerah Kota Marudu',
  mdtrn: 'Majlis Daerah Tuaran',
  mdknk: 'Majlis Daerah Kunak',
  mdspa: 'Majlis Daerah Semporna',
  mdrnu: 'Majlis Daerah Ranau',
  mdkb: 'Majlis Daerah Kota Belud',
  mdnbwn: 'Majlis Daerah Nabawan',
  mdtbn: 'Majlis Daerah Tambunan',
  mdkp: 'Majlis Daerah Kuala Penyu',
  mdtnm: 'Majlis Daerah Tenom',
  mdptn: 'Majlis Daerah Pitas',
  mdpts: 'Majlis Daerah Putatan',
};

export const councils: readonly Council[] = councilCodes.map((code) => {
  const shortName = code.toUpperCase();
  return { code, name: names[code], shortName, productTitle: `${shortName} ePayment` };
});

export function isCouncilCode(value: unknown): value is CouncilCode {
  return typeof value === 'string' && (councilCodes as readonly string[]).includes(value);
}

/** Codes are matched exactly (lower case), as they appear in URLs and the database. */
export function findCouncil(code: string): Council | undefined {
  return councils.find((council) => council.code === code);
}
