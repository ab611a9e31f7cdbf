/**
 * Who is calling. `authenticate` (an onRequest hook on every protected route)
 * reads the bearer token; `requireRole` (a preHandler) checks the role.
 * Roles nest: admin ⊇ manager ⊇ employee (ARCHITECTURE 6).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLES, roleAtLeast, type Role, type TokenClaims } from '@duly/shared/contract';
import { findWorkingApiToken, touchApiToken } from '../db/repositories/api-tokens';
import { findTokenVersion, userExists } from '../db/repositories/users';
import type { ApiTokenScope } from '../db/tables';
import { forbidden, unauthorized } from '../lib/http-errors';
import { verifyToken } from '../lib/jwt';
import { isApiToken, secretHash } from '../lib/secrets';
import { TokenVersions } from '../lib/token-versions';

export interface Caller {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: string;
  /** The token's version (claim `ver`; 0 when absent); an API token's: the user's current. */
  token_version: number;
  /**
   * What the request carries: a session (a JWT from signing in) or a personal API token
   * (`duly_pat_…`, docs/integrations.md). The activity log records `actor_kind: "api_token"`
   * and the token's id from here.
   */
  credential: { kind: 'session' } | { kind: 'api_token'; token_id: string; scope: ApiTokenScope };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes behind it can rely on it. */
    caller: Caller;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** After `authenticate`: 401 on a write by a user who no longer exists. */
    requireExistingWriter(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Users' current token versions (kept up to `tokenVersionMaxAgeMs`). A route that raises
     * a version calls `remember`, so this instance refuses the older tokens at once.
     */
    tokenVersions: TokenVersions;
  }
}

export function hasRole(caller: Caller, least: Role): boolean {
  return roleAtLeast(caller.role, least);
}

/** An API token must not do this (create tokens, change the password or the email). */
export const SESSION_ONLY = 'API tokens cannot do this; sign in instead.';

/** preHandler: 403 when the request carries an API token rather than a session. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.caller.credential.kind !== 'session') throw forbidden(SESSION_ONLY);
}

/** A used token's `last_used_at` is written at most this often. */
const LAST_USED_EVERY_MS = 60_000;

/** preHandler: 403 unless the caller's role is at least `least`. */
export function requireRole(least: Role) {
  return async function checkRole(request: FastifyRequest): Promise<void> {
    if (!hasRole(request.caller, least)) throw forbidden();
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** Tokens already verified, so a client's every request does not pay for the HMAC again. */
const VERIFIED_TOKENS_KEPT = 10_000;

const SESSION_ENDED = 'Your session has ended. Sign in again.';

/** Where PostgreSQL announces a raised token version: `{"user_id": …, "version": …}`. */
const TOKEN_VERSION_CHANNEL = 'duly_token_version';

function userIdOf(payload: string): string | undefined {
  try {
    const { user_id: userId } = JSON.parse(payload) as { user_id?: unknown };
    return typeof userId === 'string' ? userId : undefined;
  } catch {
    return undefined;
  }
}

export default fp(
  async (fastify) => {
    const verified = new Map<string, TokenClaims>();
    /** The claims of a valid token; a kept one is still checked for expiry. */
    function claimsOf(token: string): TokenClaims | null {
      const kept = verified.get(token);
      if (kept) return kept.exp > Date.now() / 1000 ? kept : null;
      const claims = verifyToken(token, fastify.config.jwtSecret);
      if (claims) {
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    }

    const versions = new TokenVersions(
      (organizationId, userId) => findTokenVersion(fastify.db, organizationId, userId),
      fastify.config.tokenVersionMaxAgeMs,
    );
    fastify.decorate('tokenVersions', versions);
    // Sessions ended on another instance (migration 2026-11-27-301): drop the kept version.
    await fastify.databaseListener?.subscribe(TOKEN_VERSION_CHANNEL, (payload) => {
      const userId = userIdOf(payload);
      if (userId !== undefined) versions.forget(userId);
    });
    fastify.databaseListener?.onReconnect(() => versions.forgetAll());

    fastify.decorateRequest('caller', null as unknown as Caller);
    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      if (isApiToken(token)) {
        request.caller = await apiTokenCaller(request, token);
        return;
      }
      const claims = claimsOf(token);
      const role = claims?.role.toLowerCase() as Role | undefined;
      if (!claims || !role || !ROLES.includes(role)) {
        throw unauthorized('Invalid or expired token');
      }
      // A password change, a deactivation or a role change raised the user's version after
      // this token was signed (docs/accounts-sessions.md); or the user no longer exists.
      const tokenVersion = claims.ver ?? 0;
      const current = await versions.current(claims.organization_id, claims.sub);
      if (current === undefined || tokenVersion < current) throw unauthorized(SESSION_ENDED);
      request.caller = {
        id: claims.sub,
        email: claims.email,
        full_name: claims.full_name,
        role,
        organization_id: claims.organization_id,
        token_version: tokenVersion,
        credential: { kind: 'session' },
      };
    });

    /**
     * A personal API token: read from the database on every request (one indexed read), so a
     * revoked or expired token, or one of a deactivated person, fails on its next request on
     * every instance. It acts with its person's role and organisation as they are now. A
     * `read` token may only read.
     */
    async function apiTokenCaller(request: FastifyRequest, token: string): Promise<Caller> {
      const now = new Date();
      const holder = await findWorkingApiToken(fastify.db, secretHash(token), now.toISOString());
      if (!holder) throw unauthorized('Invalid, expired or revoked API token');
      if (holder.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
        throw forbidden('This API token can only read.');
      }
      const lastUsed = holder.last_used_at ? Date.parse(holder.last_used_at) : 0;
      if (now.getTime() - lastUsed >= LAST_USED_EVERY_MS) {
        await touchApiToken(
          fastify.db,
          holder.organization_id,
          holder.id,
          now.toISOString(),
          new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString(),
        );
      }
      return {
        id: holder.user.id,
        email: holder.user.email,
        full_name: holder.user.full_name,
        role: holder.user.role,
        organization_id: holder.organization_id,
        token_version: holder.user.token_version,
        credential: { kind: 'api_token', token_id: holder.id, scope: holder.scope },
      };
    }

    // A token outlives its user (removed from the database): a write in their name would
    // fail on the created_by / assigner references with a 500. The version check above
    // notices a removed user too, but from a read up to `tokenVersionMaxAgeMs` old; a write
    // reads afresh.
    fastify.decorate('requireExistingWriter', async (request: FastifyRequest) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const { caller } = request;
      if (!(await userExists(fastify.db, caller.organization_id, caller.id))) {
        throw unauthorized('Your account no longer exists; sign in again');
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
