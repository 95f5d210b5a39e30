import type { AuthContext, AuthRouteModule } from './context.d.mts'

/** Where @farcaster/auth-client reads `idOf` (Farcaster's IdRegistry on Optimism); the local stub is placed there. */
export const ID_REGISTRY_ADDRESS: `0x${string}`
/** How long /v1/farcaster/connect waits for the channel before answering 408 (20 s). */
export const CONNECT_WAIT_MS: number

export interface FarcasterRoutesOptions {
  /** The chain holding the ID registry (the local anvil; see registerFarcasterUser). Required. */
  rpcUrl: string
  /** A Farcaster relay to use (Farcaster's own in production); the local relay is then not mounted. */
  relayUrl?: string
  /** Asked of the Farcaster app by the relay when set (signInWithFarcaster's `authKey`). */
  relayAuthKey?: string
  /** Default CONNECT_WAIT_MS. */
  connectWaitMs?: number
  /** How often connect reads the channel's status (default 250 ms). */
  pollIntervalMs?: number
  /** Channel lifetime (default 5 min). */
  channelTtlMs?: number
}

/**
 * `POST /v1/farcaster/uri` → `{ url, channelToken }`, `POST /v1/farcaster/connect { channelToken }` →
 * `{ token, user }` (408 while pending, 401 on a message that does not verify), and the relay under
 * `/farcaster/v1/*` (auth-client's `relay` option is `<auth service>/farcaster`). For
 * `startAuthService({ routes: [(ctx) => farcasterRoutes(ctx, { rpcUrl })] })`.
 */
export function farcasterRoutes(
  ctx: AuthContext,
  options: FarcasterRoutesOptions,
): AuthRouteModule & {
  /** Called by the service's stop(): a connect still waiting answers 408 at once. */
  close(): void
}

/** Places the ID-registry stub (contracts/IdRegistryStub.sol) at ID_REGISTRY_ADDRESS with anvil_setCode, once. */
export function installIdRegistry(options: { rpcUrl: string }): Promise<void>

/** Makes `custody` the custody address of `fid` in the stub (anvil_setStorageAt; installs the stub first). */
export function registerFarcasterUser(options: { rpcUrl: string; fid: number; custody: `0x${string}` }): Promise<void>

/**
 * A test signer playing the Farcaster app: parses the `farcaster://connect` link `url`, builds and
 * signs the Sign In With Farcaster message with the custody key `privateKey`, and authenticates the
 * channel on the relay at `relayUrl` (`<auth service>/farcaster`). `username`: lowercase, up to 16
 * characters (the relay's rule).
 */
export function signInWithFarcaster(options: {
  relayUrl: string
  url: string
  fid: number
  username?: string
  privateKey: `0x${string}`
  authKey?: string
}): Promise<{ channelToken: string; message: string; signature: `0x${string}` }>
