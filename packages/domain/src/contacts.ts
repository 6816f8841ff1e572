import * as z from 'zod';
import { named } from './contracts/named';

/** 08:00: a time of day on the 24-hour clock, as councils post their counter hours. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * When a counter or a telephone line is open: days numbered 1 (Monday) to 7 (Sunday), since
 * Sabah's offices keep a different Friday from the rest of the week.
 */
export const openingHours = named(
  'OpeningHours',
  z
    .array(
      z
        .strictObject({
          days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
          opens: timeOfDay,
          closes: timeOfDay,
        })
        .refine((period) => period.opens < period.closes, { message: 'closes before it opens' }),
    )
    .max(14),
);

export type OpeningHours = z.output<typeof openingHours>;

/**
 * How a citizen reaches a council (or the portal's own helpline) about a bill or a payment
 * (docs/helpline.md). Only what the council has confirmed is stored: a field it has not given
 * is null, and the helpline page says so rather than guess.
 */
export const contactDetails = named(
  'ContactDetails',
  z.strictObject({
    phone: z
      .string()
      .trim()
      .regex(/^\+?\d[\d -]{6,18}\d$/)
      .nullable(),
    email: z.string().trim().toLowerCase().pipe(z.email().max(120)).nullable(),
    address: z.string().trim().min(1).max(300).nullable(),
    opening_hours: openingHours,
  }),
);

export type ContactDetails = z.output<typeof contactDetails>;
