import type { ContactDetails, OpeningHours } from '@portal/domain/contacts';
import { compoundTypes } from '@portal/domain/compounds';
import { councils, type CouncilCode } from '@portal/domain/councils';
import {
  licenceApplicationStatuses,
  licenceKinds,
  licenceStatuses,
  type LicenceApplicationStatus,
  type LicenceKind,
  type LicenceReduction,
  type LicenceStatus,
} from '@portal/domain/licences';
import type { LicenceRecord } from '@portal/domain/licence-records';
import type { Sen } from '@portal/domain/money';
import { searchablePaymentTypes, type PaymentType } from '@portal/domain/payment-types';
import { planTypes } from '@portal/domain/plans';
import type { NewStaff } from '../features/staff/staff-accounts';
import { demoImages } from './demo-images';
import { demoRandom, type DemoRandom } from './demo-random';

/**
 * The demo councils' records: deterministic, so every machine, test and `npm run demo-accounts`
 * sees the same accounts with the same amounts. Dates are fixed rather than relative to today
 * for the same reason.
 */
export interface DemoBill {
  councilCode: CouncilCode;
  paymentType: PaymentType;
  accountNo: string;
  displayNo: string;
  subType: string | null;
  status: string;
  ownerName: string;
  ownerIc: string | null;
  address: string | null;
  description: string;
  amountDueSen: Sen;
  dueDate: string | null;
  details: Record<string, unknown>;
}

/**
 * Beluran runs an arrears campaign in the demo (a 10% waiver), so that every assessment discount
 * shows (docs/assessment.md); every other council keeps the defaults.
 */
export const demoAssessmentRates = [
  { councilCode: 'mdblr', assessmentArrearsDiscountBp: 1000 },
] as const;

/** A council closed for a system upgrade, so that the "not available" path has real data. */
export const unavailableDemoCouncils: readonly CouncilCode[] = ['mdptn'];

/**
 * The bank the sandbox plays as down (Agrobank), marked so as the state-wide admin would on the
 * gateway's notice, so that the demo checkout shows a bank that cannot be chosen.
 */
export const demoBanksDown = [
  { paymentId: '405', reason: 'Sandbox: Agrobank plays a bank whose online banking is down' },
] as const;

/** A bill whose payment is under way at the gateway, so "payment in progress" has real data. */
export const demoPaymentInProgress = {
  councilCode: 'mps',
  paymentType: 'assessment',
  accountNo: 'A01000274',
  reference: 'A10-20261101-000001-D3M0AB',
} as const satisfies { councilCode: CouncilCode; paymentType: PaymentType } & Record<
  string,
  string
>;

/**
 * A payment the gateway approved for a different amount than the portal charged: its callback was
 * flagged, so that the back office's review queue has real data (docs/back-office.md).
 */
export const demoPaymentUnderReview = {
  councilCode: 'mps',
  paymentType: 'assessment',
  accountNo: 'A01000411',
  reference: 'A10-20261101-000002-R3V13W',
} as const satisfies { councilCode: CouncilCode; paymentType: PaymentType } & Record<
  string,
  string
>;

/** A registered, verified user to log in as (the README lists it). Never seeded in production. */
export const demoUser = {
  email: 'demo@portal.test',
  password: 'demo-portal-2026',
  fullName: 'Nur Aisyah binti Demo',
  icNum: '900101125678',
  phone: '0123456789',
} as const;

/**
 * Back-office staff, one per role at Sandakan, a finance officer at Tawau and the state-wide admin,
 * all with the one password. Their authenticator secrets are fixed so that the README can list
 * them; `npm run demo-accounts` prints each one's current code as well.
 */
export const demoStaffPassword = 'pejabat-demo-2026';

export const demoStaff = [
  {
    email: 'admin@staff.portal.test',
    fullName: 'Rosnah Admin Negeri',
    role: '_admin',
    councilCode: null,
    totpSecret: 'DEMOADMINSTATEWIDE234567ABCDEFGH',
  },
  {
    email: 'officer.mps@staff.portal.test',
    fullName: 'Ahmad Pegawai',
    role: 'officer',
    councilCode: 'mps',
    totpSecret: 'DEMOOFFICERMPS234567ABCDEFGHIJKL',
  },
  {
    email: 'finance.mps@staff.portal.test',
    fullName: 'Siti Kewangan',
    role: 'finance',
    councilCode: 'mps',
    totpSecret: 'DEMOFINANCEMPS234567ABCDEFGHIJKL',
  },
  {
    email: 'admin.mps@staff.portal.test',
    fullName: 'Wong Pentadbir',
    role: 'council_admin',
    councilCode: 'mps',
    totpSecret: 'DEMOCOUNCILADMINMPS234567ABCDEFG',
  },
  {
    email: 'finance.mpt@staff.portal.test',
    fullName: 'Jainal Kewangan',
    role: 'finance',
    councilCode: 'mpt',
    totpSecret: 'DEMOFINANCEMPT234567ABCDEFGHIJKL',
  },
  {
    email: 'admin.mpt@staff.portal.test',
    fullName: 'Maria Pentadbir',
    role: 'council_admin',
    councilCode: 'mpt',
    totpSecret: 'DEMOCOUNCILADMINMPT234567ABCDEFG',
  },
] as const satisfies readonly Omit<NewStaff, 'passwordHash'>[];

/** Payment types some small councils do not take online. */
const closedPaymentTypesByCouncil: Partial<Record<CouncilCode, readonly PaymentType[]>> = {
  mdnbwn: ['booking', 'engineer'],
  mdtbn: ['market'],
  mdkp: ['ticket'],
};

const towns: Record<CouncilCode, { town: string; postcode: string }> = {
  mps: { town: 'Sandakan', postcode: '90000' },
  mpt: { town: 'Tawau', postcode: '91000' },
  mdpg: { town: 'Penampang', postcode: '89500' },
  mdld: { town: 'Lahad Datu', postcode: '91100' },
  mdppr: { town: 'Papar', postcode: '89600' },
  mdkgu: { town: 'Keningau', postcode: '89000' },
  mdktn: { town: 'Kota Kinabatangan', postcode: '90200' },
  mdblr: { town: 'Beluran', postcode: '90100' },
  mdbft: { town: 'Beaufort', postcode: '89800' },
  lbk: { town: 'Kudat', postcode: '89050' },
  mdsptg: { town: 'Sipitang', postcode: '89850' },
  mdkm: { town: 'Kota Marudu', postcode: '89100' },
  mdtrn: { town: 'Tuaran', postcode: '89200' },
  mdknk: { town: 'Kunak', postcode: '91200' },
  mdspa: { town: 'Semporna', postcode: '91300' },
  mdrnu: { town: 'Ranau', postcode: '89300' },
  mdkb: { town: 'Kota Belud', postcode: '89150' },
  mdnbwn: { town: 'Nabawan', postcode: '89950' },
  mdtbn: { town: 'Tambunan', postcode: '89650' },
  mdkp: { town: 'Kuala Penyu', postcode: '89740' },
  mdtnm: { town: 'Tenom', postcode: '89900' },
  mdptn: { town: 'Pitas', postcode: '89100' },
  mdpts: { town: 'Putatan', postcode: '88200' },
};

const givenNames = [
  'Mohd Faizal bin Abdullah',
  'Siti Rosnah binti Ahmad',
  'Tan Mei Ling',
  'Wong Kah Fai',
  'Jainal bin Sulaiman',
  'Agnes Majinbon',
  'Justin Gontusan',
  'Nur Aisyah binti Hamid',
  'Chong Wei Kiat',
  'Lim Siew Peng',
  'Rajendran a/l Muniandy',
  'Juliana Sipin',
  'Ahmad Zulkifli bin Jamil',
  'Yap Chee Keong',
  'Norhayati binti Osman',
  'Herman Lojuni',
];

const streets = [
  'Jalan Utama',
  'Jalan Pasar',
  'Taman Sri Indah',
  'Taman Bukit Mewah',
  'Lorong Mawar',
];
const businesses = ['Kedai Runcit', 'Restoran', 'Kedai Kopi', 'Bengkel Motor', 'Kedai Pakaian'];
const businessTypes: Record<LicenceKind, string> = {
  operasi: 'Premis perniagaan',
  pasar: 'Gerai pasar',
  penjaja: 'Penjaja bergerak',
  kakilima: 'Gerai kaki lima',
  iklan: 'Papan iklan',
  niaga: 'Lesen perniagaan',
};
/** Operating licences and permits; the rest are trading licences (docs/screens.md). */
const operatingKinds: readonly LicenceKind[] = ['operasi', 'iklan'];
/**
 * A licence owes a fee of its own only while unpaid; the others are paid for by renewing them,
 * priced by the council's rules (docs/licences.md), or owe nothing.
 */
const owingLicenceStatuses: readonly LicenceStatus[] = ['unpaid'];
/** An active licence valid so far ahead that its early renewal is not yet open. */
export const renewalNotYetOpenUntil = '2028-12-31';

const licenceStatusCycle: readonly LicenceStatus[] = [
  'active',
  'expired',
  'active',
  'pending',
  'suspended',
  'active',
  'terminated',
  'expired',
];
/** Every other status, so that each council has a licence of every status. */
const moreLicenceStatuses = licenceStatuses.filter(
  (status) => !licenceStatusCycle.includes(status),
);

const offences: Record<(typeof compoundTypes)[number], string> = {
  individual: 'Membuang sampah di tempat awam',
  health_individual: 'Menjual makanan tanpa suntikan tifoid',
  trading: 'Berniaga tanpa lesen',
  health_trading: 'Premis makanan kotor',
  citycontrol: 'Meletak barang di kaki lima',
  vehicle: 'Kenderaan ditinggalkan di tempat awam',
};

/** Whole ringgit between min and max, sometimes with 50 sen, in sen. */
function ringgit(random: DemoRandom, min: number, max: number): Sen {
  return random.int(min, max) * 100 + random.pick([0, 0, 50]);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A Sabah-born person's identity card number: YYMMDD, state 12 (Sabah), four digits. */
function icNumber(random: DemoRandom): string {
  const year = random.int(55, 99);
  return `${year}${pad(random.int(1, 12), 2)}${pad(random.int(1, 28), 2)}12${pad(random.int(0, 9999), 4)}`;
}

function vehiclePlate(random: DemoRandom): string {
  const prefix = random.pick(['SA', 'SAB', 'SS', 'ST', 'SU', 'SD', 'SK']);
  return `${prefix} ${random.int(1000, 9999)} ${random.pick(['A', 'B', 'C', 'D', 'E', 'F'])}`;
}

/** Where a council's demo bills are: its code, number and town, for their numbers and words. */
interface DemoPlace {
  code: CouncilCode;
  councilNumber: number;
  town: string;
  postcode: string;
}

type Holder = { ownerName: string; ownerIc: string };

/**
 * A compound of a type, its owner and (for a vehicle) plate drawn when needed from `random`, in
 * the order the first demo data drew them: a change would move every later bill.
 */
function compoundBill(
  place: DemoPlace,
  random: DemoRandom,
  compound: {
    index: number;
    compoundType: (typeof compoundTypes)[number];
    paid: boolean;
    holder: () => Holder;
    plate: (random: DemoRandom) => string;
  },
): DemoBill {
  const { code, councilNumber, town, postcode } = place;
  const { index, compoundType, paid } = compound;
  const seq = pad(councilNumber * 1000 + index + 1, 6);
  const n = pad(councilNumber, 2);
  return {
    councilCode: code,
    paymentType: 'compound',
    accountNo: `KP${n}${seq}`,
    displayNo: `KP${n}-${seq}`,
    subType: compoundType,
    status: paid ? 'paid' : 'unpaid',
    ...compound.holder(),
    address: `No. ${random.int(1, 250)}, ${random.pick(streets)}, ${postcode} ${town}, Sabah`,
    description: offences[compoundType],
    amountDueSen: paid ? 0 : random.int(1, 10) * 5000,
    dueDate: '2026-03-31',
    details: {
      compound_type: compoundType,
      offence: offences[compoundType],
      issued_at: `2026-0${random.int(1, 9)}-1${random.int(0, 9)}T0${random.int(1, 9)}:15:00Z`,
      location: `${random.pick(streets)}, ${town}`,
      ...(compoundType === 'vehicle' ? { vehicle_plate: compound.plate(random) } : {}),
    },
  };
}

/** The i-th parking ticket of a council, for a vehicle's plate. */
function parkingTicket(
  place: DemoPlace,
  random: DemoRandom,
  ticket: { i: number; paid: boolean; plate: string },
): DemoBill {
  const { code, councilNumber, town } = place;
  const { i, paid, plate } = ticket;
  return {
    councilCode: code,
    paymentType: 'ticket',
    accountNo: `T${pad(councilNumber, 2)}${pad(i * 4021, 7)}`,
    displayNo: `T${pad(councilNumber, 2)}${pad(i * 4021, 7)}`,
    subType: null,
    status: paid ? 'paid' : 'unpaid',
    // A parking ticket names the vehicle, not a person.
    ownerName: plate,
    ownerIc: null,
    address: null,
    description: `Letak kereta tanpa kupon, ${random.pick(streets)}, ${town}`,
    amountDueSen: paid ? 0 : random.pick([1000, 2000, 3000, 5000]),
    dueDate: '2026-02-28',
    details: {
      vehicle_plate: plate,
      location: `${random.pick(streets)}, ${town}`,
      issued_at: `2026-01-${pad(random.int(1, 28), 2)}T0${random.int(1, 9)}:40:00Z`,
      offence: 'Letak kereta tanpa kupon',
    },
  };
}

function billsOfCouncil(code: CouncilCode, councilNumber: number): DemoBill[] {
  const random = demoRandom(code);
  const { town, postcode } = towns[code];
  const place: DemoPlace = { code, councilNumber, town, postcode };
  const n = pad(councilNumber, 2);
  const owner = () => ({ ownerName: random.pick(givenNames), ownerIc: icNumber(random) });
  const address = () =>
    `No. ${random.int(1, 250)}, ${random.pick(streets)}, ${postcode} ${town}, Sabah`;
  const bills: DemoBill[] = [];

  // Assessment tax: arrears from past years, this year's tax, and the special discount for
  // paying in full (docs/cart.md). The last account is paid up.
  for (let i = 1; i <= 8; i++) {
    const paid = i === 8;
    const currentSen = paid ? 0 : ringgit(random, 120, 2400);
    const arrearsSen = paid || i % 3 === 0 ? 0 : ringgit(random, 50, 1800);
    const specialDiscountSen = Math.floor(currentSen / 10);
    const houseNo = `${random.int(1, 250)}`;
    bills.push({
      councilCode: code,
      paymentType: 'assessment',
      accountNo: `A${n}${pad(i * 137, 6)}`,
      displayNo: `A${n}${pad(i * 137, 6)}`,
      subType: null,
      status: paid ? 'paid' : 'unpaid',
      ...owner(),
      address: address(),
      description: `Cukai taksiran ${town}`,
      amountDueSen: arrearsSen + currentSen - specialDiscountSen,
      dueDate: '2026-06-30',
      details: {
        house_no: houseNo,
        current_title: `CL ${random.int(10000000, 99999999)}`,
        assessed_year: 2026,
        arrears_sen: arrearsSen,
        current_sen: currentSen,
        discount_sen: 0,
        special_discount_sen: specialDiscountSen,
        paid_until: paid ? '2026/4' : arrearsSen > 0 ? '2024/4' : '2025/4',
      },
    });
  }

  // Licences of every kind, in several statuses. Their
  // record's other fields come from a stream of their own, so that adding one moves no other bill.
  licenceStatusCycle.forEach((status, index) => {
    const kind = licenceKinds[index % licenceKinds.length]!;
    const monthlyFeeSen = ringgit(random, 5, 120);
    const holder = owner();
    const premises = address();
    const business = random.pick(businesses);
    bills.push(
      demoLicence(code, councilNumber, index, {
        kind,
        status,
        monthlyFeeSen,
        holder,
        premises,
        businessName: `${business} ${town}`,
        // Drawn in this order since the first demo data: a change would move every later bill.
        location: `${random.pick(streets)}, ${town}`,
        lesenPrint: kind === 'operasi' ? random.int(1, 10) : undefined,
        stallNo: kind === 'pasar' ? `G${random.int(1, 80)}` : undefined,
        vehiclePlate: kind === 'penjaja' ? vehiclePlate(random) : undefined,
        validity: licenceStatusValidity(status),
      }),
    );
  });

  // Compounds: one of each type, and one more already settled.
  [...compoundTypes, 'individual' as const].forEach((compoundType, index) => {
    const paid = index === compoundTypes.length;
    bills.push(
      compoundBill(place, random, {
        index,
        compoundType,
        paid,
        holder: owner,
        plate: vehiclePlate,
      }),
    );
  });

  // Parking tickets; the last one is paid.
  for (let i = 1; i <= 4; i++) {
    bills.push(parkingTicket(place, random, { i, paid: i === 4, plate: vehiclePlate(random) }));
  }

  // Market stalls: rent owed for some months; the last tenant is up to date.
  for (let i = 1; i <= 4; i++) {
    const monthlyRentSen = ringgit(random, 30, 300);
    const monthsOwing = i === 4 ? 0 : random.int(1, 6);
    const stall = pad(i * 7, 3);
    bills.push({
      councilCode: code,
      paymentType: 'market',
      accountNo: `PSR${n}${stall}`,
      displayNo: `PSR-${n}-${stall}`,
      subType: null,
      status: monthsOwing === 0 ? 'paid' : 'unpaid',
      ...owner(),
      address: `Pasar Besar ${town}`,
      description: `Sewa gerai ${stall}, Pasar Besar ${town}`,
      amountDueSen: monthlyRentSen * monthsOwing,
      dueDate: '2026-01-31',
      details: {
        market_name: `Pasar Besar ${town}`,
        stall_no: stall,
        monthly_rent_sen: monthlyRentSen,
        months_owing: monthsOwing,
      },
    });
  }

  // Hall bookings, found by booking id; the last is paid.
  for (let i = 1; i <= 3; i++) {
    const paid = i === 3;
    const bookingId = `BK26${n}${pad(i * 31, 4)}`;
    bills.push({
      councilCode: code,
      paymentType: 'booking',
      accountNo: bookingId,
      displayNo: bookingId,
      subType: null,
      status: paid ? 'paid' : 'unpaid',
      ...owner(),
      address: address(),
      description: `Dewan Masyarakat ${town}`,
      amountDueSen: paid ? 0 : ringgit(random, 150, 1500),
      dueDate: '2026-04-30',
      details: {
        hall_name: `Dewan Masyarakat ${town}`,
        event: random.pick(['Majlis perkahwinan', 'Mesyuarat persatuan', 'Majlis hari jadi']),
        event_date: `2026-05-${pad(random.int(1, 28), 2)}`,
        sessions: random.int(1, 3),
      },
    });
  }

  // Engineering plans of each kind, with their processing fees; the last is paid.
  planTypes.forEach((planType, index) => {
    const paid = index === planTypes.length - 1;
    const seq = pad(councilNumber * 100 + index + 1, 4);
    bills.push({
      councilCode: code,
      paymentType: 'engineer',
      accountNo: `PB/2026/${seq}`,
      displayNo: `PB/2026/${seq}`,
      subType: planType,
      status: paid ? 'paid' : 'unpaid',
      ...owner(),
      address: address(),
      description: `Pelan ${planType.toLowerCase()} di ${town}`,
      amountDueSen: paid ? 0 : ringgit(random, 100, 5000),
      dueDate: '2026-05-31',
      details: {
        plan_type: planType,
        lot_no: `CL ${random.int(10000000, 99999999)}`,
        submitted_on: `2026-0${random.int(1, 9)}-${pad(random.int(1, 28), 2)}`,
      },
    });
  });

  // The other licence statuses, an active licence whose early renewal is not yet open, and an
  // expired operating licence (the ones above that expired are trading licences).
  const extra = demoRandom(`${code}/licences`);
  const moreLicences: { status: LicenceStatus; kind?: LicenceKind; until?: string }[] = [
    ...moreLicenceStatuses.map((status) => ({ status })),
    { status: 'active', until: renewalNotYetOpenUntil },
    { status: 'expired', kind: 'operasi' },
  ];
  moreLicences.forEach((more, offset) => {
    const index = licenceStatusCycle.length + offset;
    const kind = more.kind ?? licenceKinds[index % licenceKinds.length]!;
    const holder = { ownerName: extra.pick(givenNames), ownerIc: icNumber(extra) };
    bills.push(
      demoLicence(code, councilNumber, index, {
        kind,
        status: more.status,
        monthlyFeeSen: ringgit(extra, 5, 120),
        holder,
        premises: `No. ${extra.int(1, 250)}, ${extra.pick(streets)}, ${postcode} ${town}, Sabah`,
        businessName: `${extra.pick(businesses)} ${town}`,
        lesenPrint: kind === 'operasi' ? extra.int(1, 10) : undefined,
        stallNo: kind === 'pasar' ? `G${extra.int(1, 80)}` : undefined,
        vehiclePlate: kind === 'penjaja' ? vehiclePlate(extra) : undefined,
        location: `${extra.pick(streets)}, ${town}`,
        validity: more.until
          ? { from: '2026-01-01', until: more.until }
          : licenceStatusValidity(more.status),
      }),
    );
  });

  if (demoDriverCouncils.includes(code)) bills.push(...driverBills(place, bills));
  bills.push(...landCessOfCouncil(code, n));
  return bills;
}

/**
 * Land cess accounts (docs/assessment.md), from a stream of their own so that no other bill moves:
 * arrears, this year's cess and its special discount, as an assessment's.
 */
function landCessOfCouncil(code: CouncilCode, n: string): DemoBill[] {
  const random = demoRandom(`${code}/land-cess`);
  const { town, postcode } = towns[code];
  return [1, 2, 3].map((i) => {
    const currentSen = ringgit(random, 40, 900);
    const arrearsSen = i === 3 ? 0 : ringgit(random, 20, 600);
    const specialDiscountSen = Math.floor(currentSen / 10);
    const accountNo = `LC${n}${pad(i * 211, 6)}`;
    return {
      councilCode: code,
      paymentType: 'land_cess',
      accountNo,
      displayNo: accountNo,
      subType: null,
      status: 'unpaid',
      ownerName: random.pick(givenNames),
      ownerIc: icNumber(random),
      address: `Lot ${random.int(1, 400)}, ${random.pick(streets)}, ${postcode} ${town}, Sabah`,
      description: `Ses tanah ${town}`,
      amountDueSen: arrearsSen + currentSen - specialDiscountSen,
      dueDate: '2026-06-30',
      details: {
        current_title: `NT ${random.int(10000000, 99999999)}`,
        assessed_year: 2026,
        arrears_sen: arrearsSen,
        current_sen: currentSen,
        discount_sen: 0,
        special_discount_sen: specialDiscountSen,
        tax_sen: 0,
        paid_until: arrearsSen > 0 ? '2024/4' : '2025/4',
      },
    };
  });
}

/**
 * Councils with a driver whose plate has three unpaid parking tickets, a paid one and a vehicle
 * compound; the compound's owner also holds an assessment, a market stall and a hall booking
 * there. The plate and identity searches (docs/search.md) then list several bills, and each
 * language's browser journey pays a driver's of its own.
 */
export const demoDriverCouncils: readonly CouncilCode[] = ['mps', 'mpt', 'mdpg'];

/** Where a driver's compound comes among the council's compounds: after the first demo data's. */
const driverCompoundIndex = compoundTypes.length + 1;

/** The bills of the owner a driver's compound names, besides the compound (by number: i = 5, 2, 2). */
const ownersOtherBills = (n: string) => [`A${n}000685`, `PSR${n}014`, `BK26${n}0062`];

/**
 * A council's driver (`demoDriverCouncils`), drawn from a stream of its own so that no other bill
 * moves. Makes its owner the holder of `ownersOtherBills` among the council's other bills.
 */
function driverBills(place: DemoPlace, councilBills: DemoBill[]): DemoBill[] {
  const random = demoRandom(`${place.code}/driver`);
  const plate = vehiclePlate(random);
  const holder: Holder = { ownerName: random.pick(givenNames), ownerIc: icNumber(random) };
  const owned = ownersOtherBills(pad(place.councilNumber, 2));
  for (const bill of councilBills) {
    if (owned.includes(bill.accountNo)) Object.assign(bill, holder);
  }
  return [
    ...[5, 6, 7, 8].map((i) => parkingTicket(place, random, { i, paid: i === 8, plate })),
    compoundBill(place, random, {
      index: driverCompoundIndex,
      compoundType: 'vehicle',
      paid: false,
      holder: () => holder,
      plate: () => plate,
    }),
  ];
}

/** The drivers of `demoDriverCouncils`, as `npm run demo-accounts` lists them. */
export function demoDrivers() {
  const bills = demoBills();
  return demoDriverCouncils.map((council) => {
    const compound = bills.find(
      (bill) =>
        bill.councilCode === council &&
        bill.paymentType === 'compound' &&
        bill.accountNo.endsWith(pad(driverCompoundIndex + 1, 3)),
    )!;
    const plate = String(compound.details.vehicle_plate);
    const owed = (bill: DemoBill) => bill.councilCode === council && bill.amountDueSen > 0;
    return {
      council,
      plate,
      plate_bills: bills.filter((bill) => owed(bill) && bill.details.vehicle_plate === plate)
        .length,
      owner_ic: compound.ownerIc!,
      owner_bills: bills.filter((bill) => owed(bill) && bill.ownerIc === compound.ownerIc).length,
    };
  });
}

/** What a demo licence is made of; the rest follows from its kind and index. */
interface DemoLicenceParts {
  kind: LicenceKind;
  status: LicenceStatus;
  monthlyFeeSen: Sen;
  holder: { ownerName: string; ownerIc: string };
  premises: string;
  businessName: string;
  lesenPrint: number | undefined;
  stallNo: string | undefined;
  vehiclePlate: string | undefined;
  location: string;
  validity: { from: string; until: string } | null;
}

/** Business types whose printed licence states opening hours (docs/licences.md). */
const operasiTemplates: Partial<
  Record<number, Pick<LicenceRecord, 'business_type' | 'hours' | 'capacity'>>
> = {
  3: { business_type: 'Pusat karaoke', hours: 'night_entertainment' },
  4: { business_type: 'Pusat biliard', hours: 'amusement', capacity: 60 },
  7: { business_type: 'Pub', hours: 'night_entertainment' },
};

const businessCategories: Record<LicenceKind, string> = {
  operasi: 'Perniagaan am',
  pasar: 'Pasar awam',
  penjaja: 'Penjaja bergerak',
  kakilima: 'Penjaja statik',
  iklan: 'Iklan luar',
  niaga: 'Perniagaan am',
};

const unitKinds: Partial<Record<LicenceKind, string>> = {
  operasi: 'Premis',
  pasar: 'Gerai',
  kakilima: 'Gerai',
  iklan: 'Papan iklan',
};

function demoLicence(
  code: CouncilCode,
  councilNumber: number,
  index: number,
  parts: DemoLicenceParts,
): DemoBill {
  const { kind, status } = parts;
  const seq = pad(councilNumber * 1000 + index + 1, 6);
  const category = operatingKinds.includes(kind) ? 'operating' : 'trading';
  const prefix = category === 'operating' ? 'LO' : 'LP';
  const extra = demoRandom(`${code}/licence/${index}`);
  const owners = [{ name: parts.holder.ownerName, ic: parts.holder.ownerIc }];
  if (index % 3 === 0) owners.push({ name: extra.pick(givenNames), ic: icNumber(extra) });
  const record: LicenceRecord = {
    kind,
    category,
    ...(parts.lesenPrint !== undefined && { lesen_print: parts.lesenPrint }),
    reference: `${code.toUpperCase()}/LSN/2026/${seq}`,
    business_name: parts.businessName,
    business_type: businessTypes[kind],
    ...(kind === 'operasi' && parts.lesenPrint !== undefined && operasiTemplates[parts.lesenPrint]),
    ...(kind === 'pasar' && { hours: 'market' as const }),
    business_category: businessCategories[kind],
    ...(unitKinds[kind] && {
      unit_kind: unitKinds[kind],
      unit_count: kind === 'iklan' ? extra.int(1, 3) : 1,
    }),
    location: parts.location,
    location_code: `${code.toUpperCase()}-${pad(extra.int(1, 400), 3)}`,
    monthly_fee_sen: parts.monthlyFeeSen,
    ...(parts.stallNo && { stall_no: parts.stallNo }),
    ...(parts.vehiclePlate && { vehicle_plate: parts.vehiclePlate }),
    ...(kind === 'operasi' && { area: `${extra.int(20, 400)} m²` }),
    // Premises are photographed when an application is decided: none before that.
    ...(parts.validity && { premises_picture: demoImages().premises.get(kind)?.id }),
    owners,
    valid_from: parts.validity?.from ?? null,
    valid_until: parts.validity?.until ?? null,
  };
  const owed = owingLicenceStatuses.includes(status);
  return {
    councilCode: code,
    paymentType: 'license',
    accountNo: `${prefix}2026${seq}`,
    displayNo: `${prefix}-2026-${seq}`,
    subType: kind,
    status,
    ...parts.holder,
    address: parts.premises,
    description: parts.businessName,
    amountDueSen: owed ? parts.monthlyFeeSen * 12 : 0,
    dueDate: record.valid_until ?? (status === 'active' ? '2026-12-31' : '2025-12-31'),
    details: record,
  };
}

/** The validity a demo licence of a status has: none until its application is decided. */
function licenceStatusValidity(status: LicenceStatus): { from: string; until: string } | null {
  if (['pending', 'in_progress', 'reviewed', 'approved'].includes(status)) return null;
  if (['expired', 'unpaid', 'failed'].includes(status))
    return { from: '2025-01-01', until: '2025-12-31' };
  return { from: '2026-01-01', until: '2026-12-31' };
}

export interface DemoLicenceApplication {
  councilCode: CouncilCode;
  reference: string;
  displayReference: string;
  kind: LicenceKind;
  businessName: string;
  applicantName: string;
  status: LicenceApplicationStatus;
  submittedOn: string;
  decidedOn: string | null;
  licenceNo: string | null;
  note: string | null;
  /** Each change of its status, oldest first, as the citizen's search shows it. */
  history: { status: LicenceApplicationStatus; on: string; note: string | null }[];
}

/**
 * The steps of the demo's application in the `index`th status: received, reviewed after ten days,
 * then decided as `demoLicenceApplications` dates it.
 */
function demoHistory(index: number): DemoLicenceApplication['history'] {
  const status = licenceApplicationStatuses[index]!;
  const steps: DemoLicenceApplication['history'] = [
    { status: 'received', on: `2026-0${index + 3}-1${index}`, note: null },
  ];
  if (status === 'received') return steps;
  steps.push({
    status: 'in_review',
    on: `2026-0${index + 3}-2${index}`,
    note: index > 1 ? 'Lawatan tapak oleh jabatan pelesenan.' : null,
  });
  const decidedOn = `2026-0${index + 5}-0${index + 1}`;
  if (status === 'rejected') {
    steps.push({ status, on: decidedOn, note: 'Pelan lantai premis tidak lengkap.' });
  } else if (status === 'approved_awaiting_payment') {
    steps.push({ status, on: decidedOn, note: null });
  } else if (status === 'approved') {
    steps.push({ status: 'approved_awaiting_payment', on: decidedOn, note: null });
    steps.push({
      status,
      on: `2026-0${index + 5}-1${index + 1}`,
      note: 'Fi lesen pertama dibayar.',
    });
  }
  return steps;
}

/** Applications in each state at the first councils, for "Search Licence Application Status". */
export function demoLicenceApplications(): DemoLicenceApplication[] {
  return councils.slice(0, 3).flatMap((council, councilIndex) => {
    const random = demoRandom(`${council.code}/applications`);
    const { town } = towns[council.code];
    return licenceApplicationStatuses.map((status, index) => {
      const seq = pad((councilIndex + 1) * 100 + index + 1, 5);
      const decided =
        status === 'approved' || status === 'rejected' || status === 'approved_awaiting_payment';
      return {
        councilCode: council.code,
        reference: `PL2026${seq}`,
        displayReference: `PL-2026-${seq}`,
        // An approved application is of the kind of the licence it became.
        kind:
          status === 'approved'
            ? 'operasi'
            : status === 'approved_awaiting_payment'
              ? 'pasar'
              : licenceKinds[index % licenceKinds.length]!,
        businessName: `${random.pick(businesses)} ${town}`,
        applicantName: random.pick(givenNames),
        status,
        submittedOn: `2026-0${index + 3}-1${index}`,
        decidedOn: decided ? `2026-0${index + 5}-0${index + 1}` : null,
        // An approved application became the council's first licence; one awaiting payment, its
        // licence in status approved (docs/licences.md).
        licenceNo:
          status === 'approved'
            ? `LO-2026-${pad((councilIndex + 1) * 1000 + 1, 6)}`
            : status === 'approved_awaiting_payment'
              ? `LP-2026-${pad((councilIndex + 1) * 1000 + 9, 6)}`
              : null,
        note: status === 'rejected' ? 'Pelan lantai premis tidak lengkap.' : null,
        history: demoHistory(index),
      };
    });
  });
}

/**
 * The reduction every demo council has on its books, long past (docs/licences.md): the Covid-19
 * assistance of 2021 ended, and a council dates a new reduction only when it decides one.
 */
export const demoLicenceReduction = {
  method: 'percentage',
  percent: 20,
  from: '2021-06-01',
  to: '2021-12-31',
  name: {
    ms: 'Pengurangan 20% Covid-19',
    en: 'Covid-19 20% reduction',
    zh: '新冠疫情20%减免',
  },
} as const satisfies LicenceReduction;

/** The demo licences of one council, as `npm run demo-accounts` lists them. */
export function demoLicencesOf(council: CouncilCode) {
  return demoBills()
    .filter((bill) => bill.councilCode === council && bill.paymentType === 'license')
    .map((bill) => {
      const record = bill.details as LicenceRecord;
      return {
        licence_no: bill.displayNo,
        category: record.category,
        kind: record.kind,
        status: bill.status,
        valid_until: record.valid_until,
        owner_ic: bill.ownerIc,
      };
    });
}

export function demoBills(): DemoBill[] {
  return councils.flatMap((council, index) => billsOfCouncil(council.code, index + 1));
}

/** The council and payment type pairs the demo closes, so "not available" has real data. */
export function closedDemoPaymentTypes(): { councilCode: CouncilCode; paymentType: PaymentType }[] {
  return Object.entries(closedPaymentTypesByCouncil).flatMap(([councilCode, types]) =>
    types.map((paymentType) => ({ councilCode: councilCode as CouncilCode, paymentType })),
  );
}

/** Sabah's government office week: Friday keeps a long break for the Friday prayer. */
const demoOfficeHours: OpeningHours = [
  { days: [1, 2, 3, 4], opens: '08:00', closes: '13:00' },
  { days: [1, 2, 3, 4], opens: '14:00', closes: '17:00' },
  { days: [5], opens: '08:00', closes: '11:30' },
  { days: [5], opens: '14:00', closes: '17:00' },
];

/**
 * Contact details in the shape councils give them, but not theirs: reserved `example.com`
 * addresses and 088-000 numbers, which no Malaysian line uses, so that a demo never sends a
 * citizen to a real office. Pitas is left without, so the page's "not yet published" shows.
 */
export function demoContacts(): { councilCode: CouncilCode; contact: ContactDetails }[] {
  return councils
    .filter((council) => council.code !== 'mdptn')
    .map((council, index) => {
      const { town, postcode } = towns[council.code];
      return {
        councilCode: council.code,
        contact: {
          phone: `088-000 ${pad(100 + index, 3)}`,
          email: `aduan.${council.code}@example.com`,
          address: `Alamat demo, ${postcode} ${town}, Sabah`,
          opening_hours: demoOfficeHours,
        },
      };
    });
}

/** The portal's own helpline in the demo, as fictional as the councils'. */
export const demoHelpline: ContactDetails = {
  phone: '088-000 000',
  email: 'helpline@example.com',
  address: null,
  opening_hours: [
    { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '17:00' },
    { days: [6], opens: '09:00', closes: '13:00' },
  ],
};

export interface DemoAccount {
  council: CouncilCode;
  payment_type: PaymentType;
  query: string;
  amount: Sen;
}

/**
 * Accounts a person can paste into the search page and pay: for each payment type, the first
 * two payable bills at two different open councils.
 */
export function demoAccounts(): DemoAccount[] {
  const bills = demoBills();
  const closed = new Set(
    closedDemoPaymentTypes().map((entry) => `${entry.councilCode}/${entry.paymentType}`),
  );
  const open = (bill: DemoBill) =>
    !unavailableDemoCouncils.includes(bill.councilCode) &&
    !(
      bill.councilCode === demoPaymentInProgress.councilCode &&
      bill.accountNo === demoPaymentInProgress.accountNo
    ) &&
    !closed.has(`${bill.councilCode}/${bill.paymentType}`);
  return searchablePaymentTypes.flatMap((paymentType) => {
    const chosen: DemoBill[] = [];
    for (const bill of bills) {
      const payable =
        bill.paymentType === paymentType &&
        bill.amountDueSen > 0 &&
        ['unpaid', 'active', 'expired'].includes(bill.status) &&
        open(bill);
      if (payable && !chosen.some((other) => other.councilCode === bill.councilCode)) {
        chosen.push(bill);
        if (chosen.length === 2) break;
      }
    }
    return chosen.map((bill) => ({
      council: bill.councilCode,
      payment_type: paymentType,
      query: bill.displayNo,
      amount: bill.amountDueSen,
    }));
  });
}
