import type { StepTime } from './stepTimes.mjs'
import type { Anvil } from './chain/anvil.mjs'
import type { startRelay } from './relay/relay.mjs'
import type { LocalSolana } from './solana/server.mjs'
import type { Bitcoin } from './bitcoin/server.mjs'
import type { AccountServices } from './accountStack.mjs'
import type { EmbeddedServices } from './embeddedStack.mjs'
import type { StoredSession } from './sessions/server.mjs'
import type { AirlockServer } from '../server/app.d.mts'
export const DEMO_SOLANA_LAMPORTS: bigint
export const DEMO_SOLANA_TOKENS: bigint
export const DEMO_BITCOIN_SATS: bigint
/** `accountServices` (default true): the demo contracts, seeded history and the Blockchain API on the first chain. */
/** `embedded` (default true): the embedded wallet's local parts (the SMTP sink, the bundler, the social and Farcaster stand-ins); airlock-server runs either way. */
export function startDemoStack(options?: {
  port?: number
  root?: string
  relayPort?: number
  accountServices?: boolean
  embedded?: boolean
  /** airlock-server's embedded database directory (default: in memory). */
  dataDir?: string
  /** The auth service's clock (default Date.now). */
  authNow?: () => number
  /** The relay's clock (tests move it, as a page's clock moves, so tokens the page signs later are not "issued in the future"). */
  relayNow?: () => number
  /** How long the secure frame waits for the visitor's Approve (default 4 minutes). */
  approvalTimeoutMs?: number
  /** Filled with each step's time (services/stepTimes.mjs), for bench/stack/run.mjs. */
  times?: StepTime[]
}): Promise<{
  url: string
  /** airlock-server (server/app.mjs): the config API, auth, sign-in with a wallet, the secure frame. */
  airlock: AirlockServer
  configUrl: string
  relayUrl: string
  relay: Awaited<ReturnType<typeof startRelay>>
  chains: { chainId: number; name: string; rpcUrl: string }[]
  anvils: Anvil[]
  solana: LocalSolana
  bitcoin: Bitcoin
  /** The Blockchain API and the demo contracts on the first chain; undefined with `accountServices: false`. */
  account: AccountServices | undefined
  /** The embedded wallet's back end; undefined with `embedded: false`. */
  embedded: EmbeddedServices | undefined
  /** The demo's mailbox and local Farcaster app page (services/devTools.mjs); with the embedded wallet only. */
  devToolsUrl: string | undefined
  /** Sign-in with a wallet: airlock-server's URL, and every stored session (for tests). */
  sessions: { url: string; sessions(): Promise<StoredSession[]> }
  demoAccounts: { solana: string; bitcoinPayment: string; bitcoinOrdinals: string }
  stop(): Promise<void>
}>
