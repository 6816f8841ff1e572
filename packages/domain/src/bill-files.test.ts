import { expect, test } from 'vitest';
import { recordPaymentTypes, billRecord } from './bill-records';
import { isNoteRow, recordOfRow, templateExample, templateHeader } from './bill-files';

test.each(recordPaymentTypes)(
  'the %s template’s example row is a note an import skips, and a valid bill once it has an account number',
  (paymentType) => {
    const header = templateHeader(paymentType);
    const example = templateExample(paymentType);
    expect(example).toHaveLength(header.length);
    expect(isNoteRow(header, example)).toBe(true);
    const asBill = example.map((cell, index) => (header[index] === 'account_no' ? 'A0001' : cell));
    expect(isNoteRow(header, asBill)).toBe(false);
    const { record, problems } = recordOfRow(paymentType, header, asBill);
    expect(problems).toEqual([]);
    const parsed = billRecord.safeParse(record);
    expect(parsed.error?.issues ?? []).toEqual([]);
  },
);
