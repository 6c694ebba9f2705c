import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

import { isStaffRole, type Role } from "@touchline/contract/session";

export type { Role };

/** Who is making the request, resolved from the session cookie by the auth plugin. */
export interface RequestUser {
  playerId: string;
  role: Role;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** null for anonymous requests; set by the auth plugin's onRequest hook. */
    user: RequestUser | null;
  }
}

export const NOT_LOGGED_IN = "Please log in to continue.";
export const FORBIDDEN = "You do not have access to this.";

/** The logged-in user, or a 401 the client turns into a trip to the login page. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new HttpError(401, NOT_LOGGED_IN);
  return request.user;
}

/** The logged-in user if their role is one of roles; otherwise 401 (anonymous) or 403. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): RequestUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new HttpError(403, FORBIDDEN);
  return user;
}

/**
 * The logged-in user of the player area (their own profile, uploads, guardian): any account but
 * a scout's, whose area is the scout area.
 */
export function requirePlayerArea(request: FastifyRequest): RequestUser {
  const user = requireUser(request);
  if (!inPlayerArea(user)) throw new HttpError(403, FORBIDDEN);
  return user;
}

/** Whether this user may use the player area (requirePlayerArea without the error answers). */
export const inPlayerArea = (user: RequestUser | null): user is RequestUser => user !== null && user.role !== "scout";

export const isStaff = (user: RequestUser | null): boolean => isStaffRole(user?.role);
