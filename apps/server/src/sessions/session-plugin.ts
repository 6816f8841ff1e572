import cookie from '@fastify/cookie';
import type { Role } from '@portal/domain/contracts/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { newSecret, sameSecret } from '../lib/secrets';
import { sessionLifetimeMs, sessionUser, type User } from './session-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The time as the server sees it; tests move it forward to expire tokens and sessions. */
    clock: () => Date;
  }
  interface FastifyRequest {
    /** The logged-in user, looked up once per request and only when asked for. */
    currentUser(): Promise<User | undefined>;
    /** The session cookie's id, when the browser sent one. */
    sessionId(): string | undefined;
  }
  interface FastifyReply {
    setSessionCookie(sessionId: string): void;
    clearSessionCookie(): void;
    /** The browser's CSRF token; a new one (and its cookie) when it has none. */
    csrfToken(): string;
    /**
     * A new CSRF token in a new cookie, whatever the browser held: at login and logout, so that a
     * token someone planted or read before does not outlive the session change.
     */
    newCsrfToken(): string;
  }
}

export interface SessionPluginOptions {
  /** Production: `__Host-` cookies, sent over HTTPS only. */
  secureCookies: boolean;
  /** The origin browsers use; a state-changing call from any other origin is refused. */
  publicUrl: string;
  clock: () => Date;
}

/**
 * The gateway posts these itself (the payer's browser from its page, or its server), and a mail
 * client posts a reminder's one-click unsubscribe (RFC 8058) with no cookie: signed, not CSRF-able.
 */
const csrfExempt = new Set([
  '/api/payments/return',
  '/api/payments/callback',
  '/api/reminders/unsubscribe',
]);
/**
 * The council API's callers are machines with a key in a header, which no other site's page can
 * make a browser send: no cookie of theirs opens anything (docs/council-api.md).
 */
export const councilApiPrefix = '/api/council/';
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a call to the route (its full path, as registered) must carry the CSRF token: the one
 * rule the check below follows and the API description lists `csrf_invalid` by.
 */
export function checksCsrf(method: string, route: string): boolean {
  return (
    stateChanging.has(method.toUpperCase()) &&
    route.startsWith('/api/') &&
    !csrfExempt.has(route) &&
    !route.startsWith(councilApiPrefix)
  );
}

/** The citizen session's and the CSRF token's cookies; production's are `__Host-` ones. */
export function sessionCookieNames(secureCookies: boolean) {
  const prefix = secureCookies ? '__Host-' : '';
  return { session: `${prefix}sid`, csrf: `${prefix}csrf` };
}

/** The CSRF token's header, echoing its cookie. */
export const csrfHeader = 'x-csrf-token';

/**
 * Server-side sessions and CSRF protection. The session cookie holds a
 * random id whose hash is the sessions table's key. CSRF is a double submit: an httpOnly cookie
 * holds a random token that only our own pages can learn (from GET /api/auth/session) and must
 * echo in `x-csrf-token`; an Origin naming another site is refused outright.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    const { session: sessionCookie, csrf: csrfCookie } = sessionCookieNames(options.secureCookies);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    } as const;
    const allowedOrigin = new URL(options.publicUrl).origin;

    await app.register(cookie);
    app.decorate('clock', options.clock);

    app.decorateRequest('sessionId', function (this: FastifyRequest) {
      return this.cookies[sessionCookie] || undefined;
    });
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      const memo = this as FastifyRequest & { userLookup?: Promise<User | undefined> };
      const sessionId = this.sessionId();
      memo.userLookup ??= sessionId
        ? sessionUser(app.db, sessionId, app.clock())
        : Promise.resolve(undefined);
      return memo.userLookup;
    });
    app.decorateReply('setSessionCookie', function (this: FastifyReply, sessionId: string) {
      this.setCookie(sessionCookie, sessionId, {
        ...cookieOptions,
        maxAge: sessionLifetimeMs / 1000,
      });
    });
    app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
      this.clearCookie(sessionCookie, cookieOptions);
    });
    app.decorateReply('newCsrfToken', function (this: FastifyReply) {
      const token = newSecret(32);
      this.setCookie(csrfCookie, token, cookieOptions);
      return token;
    });
    app.decorateReply('csrfToken', function (this: FastifyReply) {
      return this.request.cookies[csrfCookie] || this.newCsrfToken();
    });

    // A plain (not async) hook: it runs on every request, and a promise each would show.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!checksCsrf(request.method, request.routeOptions.url ?? '')) {
        done();
        return;
      }
      const origin = request.headers.origin;
      if (
        origin &&
        origin !== allowedOrigin &&
        origin !== `${request.protocol}://${request.host}`
      ) {
        done(new AppError('csrf_invalid', 'This call came from another site'));
        return;
      }
      const given = request.headers[csrfHeader];
      if (typeof given !== 'string' || !sameSecret(request.cookies[csrfCookie], given)) {
        done(new AppError('csrf_invalid', 'The CSRF token is missing or wrong'));
        return;
      }
      done();
    });
  },
  { name: 'sessions' },
);

/** The logged-in user, or 401 `login_required`. */
export async function requireUser(request: FastifyRequest): Promise<User> {
  const user = await request.currentUser();
  if (!user) throw new AppError('login_required', 'Log in to continue');
  return user;
}

/** A role check passes for `_admin` or for the role named. */
export function hasRole(user: Pick<User, 'roles'>, role: Role): boolean {
  return user.roles.includes('_admin') || user.roles.includes(role);
}

export async function requireRole(request: FastifyRequest, role: Role): Promise<User> {
  const user = await requireUser(request);
  if (!hasRole(user, role)) throw new AppError('forbidden', `Needs the ${role} role`);
  return user;
}
