import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.d.mts'

export const SIGN_IN_FIRST: 'Sign in with a wallet first'
export const NOT_AN_OWNER: 'You are not an owner of this project'
export const ORIGIN_REFUSED: 'Origin not allowed'

/** What the guard reads of a request. */
type RequestLike = Pick<FastifyRequest, 'headers'>

/** The caller's CAIP-10 accounts, newest sign-in first (`address` the newest), or null without a working SIWX credential. */
export function signedIn(
  db: Database,
  request: RequestLike,
  options?: { now?: () => number; host?: () => string },
): Promise<{ address: string; addresses: string[] } | null>

/** The caller's accounts, or HttpError 401 'Sign in with a wallet first'. */
export function caller(
  db: Database,
  request: RequestLike,
  options?: { now?: () => number; host?: () => string },
): Promise<{ address: string; addresses: string[] }>

/** The caller's CAIP-10 account that owns `projectId`, or HttpError 401 (not signed in) / 403 (not an owner, or no such project). */
export function ownerOf(db: Database, request: RequestLike, projectId: unknown, options?: { now?: () => number; host?: () => string }): Promise<string>

/** Whether any of `addresses` is a console admin. */
export function isAdmin(db: Database, addresses: readonly string[]): Promise<boolean>

/** The console API's CSRF guard (an onRequest hook): Origin must be the console's own; POST and PATCH JSON. */
export function consoleOriginGuard(publicOrigin: () => string): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
