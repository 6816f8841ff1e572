import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { demoStaff, demoStaffPassword } from '../demo/demo-data';
import { TestBrowser } from './test-browser';

export type DemoStaffRole = (typeof demoStaff)[number]['role'];

/** The code a staff member's authenticator app shows at `at`. */
export function appCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** A demo staff member of a role (at Sandakan, but for `_admin`), or one chosen by e-mail. */
export function demoMember(pick: DemoStaffRole | `${string}@${string}`) {
  const member = demoStaff.find((candidate) =>
    pick.includes('@') ? candidate.email === pick : candidate.role === pick,
  );
  if (!member) throw new Error(`no demo staff member ${pick}`);
  return member;
}

/**
 * A back-office browser logged in as a demo staff member, with the code their app shows at `at`.
 * Each login takes a later 30-second step than the one before, as a code works once.
 */
export async function staffLoggedIn(
  app: () => FastifyInstance,
  pick: DemoStaffRole | `${string}@${string}`,
  at: Date,
  ip = '203.0.113.80',
) {
  const member = demoMember(pick);
  const browser = new TestBrowser(app, ip);
  const response = await browser.post('/api/office/login', {
    email: member.email,
    password: demoStaffPassword,
    code: appCode(member.totpSecret, at),
  });
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

/**
 * A test's clock, moved on by hand. Each staff login takes `nextStep()`: an app code works once,
 * so two logins need two 30-second steps.
 */
export function steppingClock(start: string) {
  let now = new Date(start);
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  return { clock: () => now, later, nextStep: () => later(31_000) };
}
