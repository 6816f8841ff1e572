import type { StaffAccess } from '@portal/domain/staff';
import { accessChecked, roleAllows } from '@portal/domain/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Staff } from './staff-accounts';
import { staffOfSession, staffSessionLimits } from './staff-sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a back-office route (`officeRouteOf` sets it from the contract). */
    access?: StaffAccess;
  }
  interface FastifyRequest {
    /** The logged-in staff member, looked up once per request and only when asked for. */
    staffMember(): Promise<Staff | undefined>;
    /** The back-office session cookie's id, when the browser sent one. */
    staffSessionId(): string | undefined;
  }
  interface FastifyReply {
    setStaffSessionCookie(sessionId: string): void;
    clearStaffSessionCookie(): void;
  }
}

/**
 * Makes `scope` the back office (docs/back-office.md): its own session cookie, and an access check
 * on every route before its input is even read. A route in it that does not say who may call it
 * stops the server from starting, so none can be added without a check.
 */
export function officeAccess(scope: FastifyInstance, options: { secureCookies: boolean }): void {
  const cookieName = officeSessionCookie(options.secureCookies);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secureCookies,
  } as const;

  scope.decorateRequest('staffSessionId', function (this: FastifyRequest) {
    return this.cookies[cookieName] || undefined;
  });
  scope.decorateRequest('staffMember', function (this: FastifyRequest) {
    const memo = this as FastifyRequest & { staffLookup?: Promise<Staff | undefined> };
    const sessionId = this.staffSessionId();
    memo.staffLookup ??= sessionId
      ? staffOfSession(scope.db, sessionId, scope.clock())
      : Promise.resolve(undefined);
    return memo.staffLookup;
  });
  scope.decorateReply('setStaffSessionCookie', function (this: FastifyReply, sessionId: string) {
    this.setCookie(cookieName, sessionId, {
      ...cookieOptions,
      maxAge: staffSessionLimits.lifetimeMs / 1000,
    });
  });
  scope.decorateReply('clearStaffSessionCookie', function (this: FastifyReply) {
    this.clearCookie(cookieName, cookieOptions);
  });

  scope.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`${route.method} ${route.url}: a back-office route must say who may call it`);
    }
  });
  // Before the body is parsed: an upload of megabytes is refused unread.
  scope.addHook('preParsing', async (request, _reply, payload) => {
    const access = request.routeOptions.config.access;
    if (!accessChecked(access)) return payload;
    const member = await request.staffMember();
    if (!member) throw new AppError('login_required', 'Log in to the back office');
    if (!access || !roleAllows(member.role, access)) {
      throw new AppError('forbidden', `Needs the ${access} role`);
    }
    return payload;
  });
}

/** The back-office session's cookie; production's is a `__Host-` one. */
export function officeSessionCookie(secureCookies: boolean): string {
  return `${secureCookies ? '__Host-' : ''}office_sid`;
}

/** The staff member the access check let through. */
export async function requireStaff(request: FastifyRequest): Promise<Staff> {
  const member = await request.staffMember();
  if (!member) throw new AppError('login_required', 'Log in to the back office');
  return member;
}

/** Council staff act on their own council only; the state admin on any. */
export function requireOwnCouncil(member: Staff, council: string): void {
  if (member.councilCode !== null && member.councilCode !== council) {
    throw new AppError('forbidden', 'This is another council’s');
  }
}
