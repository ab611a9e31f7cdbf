/**
 * Who is calling. `authenticate` (an onRequest hook on every protected route)
 * reads the bearer token; `requireRole` (a preHandler) checks the role.
 * Roles nest: admin ⊇ manager ⊇ employee (ARCHITECTURE 6).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLES, roleAtLeast, type Role, type TokenClaims } from '@duly/shared/contract';
import { findTokenVersion, userExists } from '../db/repositories/users';
import { forbidden, unauthorized } from '../lib/http-errors';
import { verifyToken } from '../lib/jwt';
import { TokenVersions } from '../lib/token-versions';

export interface Caller {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: string;
  /** The token's version (claim `ver`; 0 when absent). */
  token_version: number;
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
      };
    });

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
