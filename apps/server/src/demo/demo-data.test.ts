import { describe, expect, test } from 'vitest';
import { compoundTypes } from '@portal/domain/compounds';
import { councils } from '@portal/domain/councils';
import { licenceApplicationStatuses, licenceKinds, licenceStatuses } from '@portal/domain/licences';
import { licenceRecord } from '@portal/domain/licence-records';
import { searchablePaymentTypes } from '@portal/domain/payment-types';
import { planTypes } from '@portal/domain/plans';
import { billRecord } from '@portal/domain/bill-records';
import { plateKey } from '@portal/domain/compounds';
import { applicationSummary, checkApplicationRecord } from '@portal/domain/application-records';
import { demoAccounts, demoBills, demoDrivers, demoLicenceApplications } from './demo-data';

const bills = demoBills();

describe('demo data', () => {
  test('every demo bill is a record a council could send through the council API', () => {
    const refused = demoBills().flatMap((bill) => {
      const checked = billRecord.safeParse({
        payment_type: bill.paymentType,
        account_no: bill.displayNo,
        status: bill.status,
        owner_name: bill.ownerName,
        owner_ic: bill.ownerIc,
        address: bill.address,
        description: bill.description,
        amount_due_sen: bill.amountDueSen,
        due_date: bill.dueDate,
        details: bill.details,
      });
      return checked.success ? [] : [`${bill.displayNo}: ${checked.error.message}`];
    });
    expect(refused).toEqual([]);
  });

  test('is the same on every run', () => {
    expect(demoBills()).toEqual(bills);
    expect(demoAccounts()).toEqual(demoAccounts());
  });

  test('every council has bills of every payment type a citizen can look up', () => {
    for (const council of councils) {
      const types = new Set(
        bills.filter((bill) => bill.councilCode === council.code).map((bill) => bill.paymentType),
      );
      expect([...types].sort()).toEqual([...searchablePaymentTypes].sort());
    }
  });

  test('amounts are whole sen, never negative, and some bills are already paid', () => {
    for (const bill of bills)
      expect(Number.isSafeInteger(bill.amountDueSen) && bill.amountDueSen >= 0).toBe(true);
    expect(bills.filter((bill) => bill.status === 'paid').length).toBeGreaterThan(23 * 5);
  });

  test('an account number identifies one bill per council and payment type', () => {
    const keys = bills.map((bill) => `${bill.councilCode}/${bill.paymentType}/${bill.accountNo}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('licences of every kind and several statuses, compounds and plans of every type exist', () => {
    const subTypes = (type: string) =>
      new Set(bills.filter((bill) => bill.paymentType === type).map((bill) => bill.subType));
    expect([...subTypes('license')].sort()).toEqual([...licenceKinds].sort());
    expect([...subTypes('compound')].sort()).toEqual([...compoundTypes].sort());
    expect([...subTypes('engineer')].sort()).toEqual([...planTypes].sort());
    const statuses = new Set(
      bills.filter((bill) => bill.paymentType === 'license').map((bill) => bill.status),
    );
    expect(statuses.size).toBeGreaterThanOrEqual(4);
  });

  test('every council has a licence of every status, each a complete licence record', () => {
    for (const council of councils) {
      const licences = bills.filter(
        (bill) => bill.councilCode === council.code && bill.paymentType === 'license',
      );
      expect(new Set(licences.map((bill) => bill.status))).toEqual(new Set(licenceStatuses));
      for (const licence of licences) {
        const record = licenceRecord.parse(licence.details);
        expect(record.kind).toBe(licence.subType);
        expect(record.owners[0]).toEqual({ name: licence.ownerName, ic: licence.ownerIc });
        expect(licence.accountNo.startsWith(record.category === 'operating' ? 'LO' : 'LP')).toBe(
          true,
        );
      }
    }
  });

  test('applications in every state, an approved one naming a licence that exists', () => {
    const applications = demoLicenceApplications();
    expect(new Set(applications.map((application) => application.status))).toEqual(
      new Set(licenceApplicationStatuses),
    );
    for (const application of applications.filter((entry) => entry.licenceNo)) {
      expect(
        bills.some(
          (bill) =>
            bill.councilCode === application.councilCode &&
            bill.displayNo === application.licenceNo,
        ),
      ).toBe(true);
    }
  });

  test('every application history passes the council checks and gives its status and days', () => {
    for (const application of demoLicenceApplications()) {
      const checked = checkApplicationRecord(
        {
          reference: application.displayReference,
          applicant_name: application.applicantName,
          business_name: application.businessName,
          kind: application.kind,
          history: application.history,
          licence_no: application.licenceNo,
          note: application.note,
        },
        '2026-11-28',
      );
      expect(checked).toHaveProperty('record');
      if (!('record' in checked)) continue;
      expect(applicationSummary(checked.record)).toEqual({
        status: application.status,
        submittedOn: application.submittedOn,
        decidedOn: application.decidedOn,
      });
    }
  });

  test('assessment details add up to the amount due', () => {
    for (const bill of bills.filter((entry) => entry.paymentType === 'assessment')) {
      const { arrears_sen, current_sen, special_discount_sen } = bill.details as Record<
        string,
        number
      >;
      expect(bill.amountDueSen).toBe(arrears_sen! + current_sen! - special_discount_sen!);
    }
  });

  test('demo accounts name at least two payable bills of each type, at two councils', () => {
    const accounts = demoAccounts();
    for (const type of searchablePaymentTypes) {
      const ofType = accounts.filter((account) => account.payment_type === type);
      expect(ofType.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ofType.map((account) => account.council)).size).toBe(ofType.length);
      for (const account of ofType) expect(account.amount).toBeGreaterThan(0);
    }
  });

  test('a driver has three unpaid parking tickets and a compound under one plate, its owner bills of several types', () => {
    const drivers = demoDrivers();
    expect(drivers.length).toBeGreaterThanOrEqual(3);
    for (const driver of drivers) {
      const owed = bills.filter(
        (bill) => bill.councilCode === driver.council && bill.amountDueSen > 0,
      );
      const byPlate = owed.filter(
        (bill) => plateKey(String(bill.details.vehicle_plate ?? '')) === plateKey(driver.plate),
      );
      expect(byPlate.map((bill) => bill.paymentType).sort()).toEqual([
        'compound',
        'ticket',
        'ticket',
        'ticket',
      ]);
      const owners = owed.filter((bill) => bill.ownerIc === driver.owner_ic);
      expect(new Set(owners.map((bill) => bill.paymentType)).size).toBeGreaterThanOrEqual(3);
    }
  });
});
