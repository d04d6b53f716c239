import { betterAuth } from 'better-auth';
import { nextCookies } from 'better-auth/next-js';
import type { Environment } from '../config';
import type { DatabaseHandle } from '../db/connection';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { isPublicSite } from '../production-settings';
import { OPERATOR_PASSWORD } from '../../lib/operator-password';

/**
 * Operators' sign-in, by better-auth: it hashes the passwords (scrypt) and keeps the sessions in our
 * database through our own Kysely instance, so every instance behind a load balancer agrees on who is
 * signed in. It is only ever called on the server (server actions, `getSession`): no HTTP endpoint of
 * its own is mounted, so sign-up does not exist and every sign-in passes our throttle (sign-in.ts).
 */
export function createAuth(handle: DatabaseHandle, env: Environment = process.env, passwordHashing?: PasswordHashing) {
  return betterAuth({
    appName: 'Фронтенд Старт — консоль',
    baseURL: env.SITE_URL?.trim() || 'http://localhost:3000',
    basePath: '/admin/auth',
    secret: authSecret(env),
    database: { db: handle.db, type: handle.dialect },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: OPERATOR_PASSWORD.minLength,
      maxPasswordLength: OPERATOR_PASSWORD.maxLength,
      ...(passwordHashing && { password: passwordHashing }),
    },
    // better-auth's own field names (its adapter then needs no mapping); our tables, our prefix.
    user: { modelName: 'admin_users' },
    session: {
      modelName: 'admin_sessions',
      expiresIn: 60 * 60 * 12,
      updateAge: 60 * 60,
      // Every request reads the session row: removing an operator or signing out takes effect at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'admin_accounts' },
    verification: { modelName: 'admin_verifications' },
    // Throttling of failed sign-ins is ours (sign-in.ts), counted in the database.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A wrong password is expected traffic, not a warning; our audit log records it.
    logger: { level: 'error' },
    advanced: {
      cookiePrefix: 'admin',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'strict', path: '/' },
      // A session records the address our server vouches for (request-stamp.ts), never a
      // client-sent X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    plugins: [nextCookies()],
  });
}

export type AdminAuth = ReturnType<typeof createAuth>;

/**
 * How passwords are hashed and checked, when not better-auth's own scrypt (the site always uses its
 * own): tests that check hundreds of passwords for who gets in pass a cheaper one (server/testing/admin.ts).
 */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/** Only a local site may run on the built-in secret: a public one signs sessions with its own. */
const LOCAL_SECRET = 'local-development-secret-of-the-operator-console';

export function authSecret(env: Environment): string {
  const secret = env.BETTER_AUTH_SECRET?.trim();
  if (secret) return secret;
  if (isPublicSite(env)) throw new Error('BETTER_AUTH_SECRET must be set for a public site (e.g. `openssl rand -hex 32`)');
  return LOCAL_SECRET;
}
