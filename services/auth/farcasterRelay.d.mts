import type { FastifyInstance } from 'fastify'
import type { AuthContext } from './context.d.mts'

/** How long a channel lives, created or completed (5 minutes). */
export const CHANNEL_TTL_MS: number
/** `farcaster://connect`: the link the Farcaster app opens. */
export const CONNECT_URI_BASE: string
/** An alphanumeric SIWE nonce drawn from node:crypto. */
export function randomNonce(length?: number): string

export interface FarcasterRelayOptions {
  /** Where the relay is mounted (default `/farcaster`): it answers `<prefix>/v1/channel…`. */
  prefix?: string
  /** Asked of the Farcaster app (X-Farcaster-Auth-Relay-Key) when set; any caller may authenticate otherwise. */
  authKey?: string
  /** Channel lifetime in ms (default CHANNEL_TTL_MS), by `ctx.now()`. */
  ttlMs?: number
  /** Fills a completed channel's `custody`, as the hosted relay does from a hub. */
  getCustody?: (fid: number) => Promise<`0x${string}`>
}

/**
 * The relay API of @farcaster/auth-client (`POST /v1/channel`, `POST /v1/channel/authenticate`,
 * `GET /v1/channel/status`, and the same under `/v1/connect`): `register(app)` puts them under
 * `prefix` on a Fastify scope.
 */
export function createFarcasterRelay(
  ctx: Pick<AuthContext, 'now' | 'readJson' | 'sendJson'>,
  options?: FarcasterRelayOptions,
): { register(app: FastifyInstance): void; channelCount(): number }
