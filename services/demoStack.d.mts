import type { Anvil } from './chain/anvil.mjs'
import type { startRelay } from './relay/relay.mjs'
import type { LocalSolana } from './solana/server.mjs'
import type { Bitcoin } from './bitcoin/server.mjs'
import type { AccountServices } from './accountStack.mjs'
import type { EmbeddedServices } from './embeddedStack.mjs'
import type { Project } from './auth/server.mjs'
import type { SessionsService } from './sessions/server.mjs'
export const DEMO_SOLANA_LAMPORTS: bigint
export const DEMO_SOLANA_TOKENS: bigint
export const DEMO_BITCOIN_SATS: bigint
/** `accountServices` (default true): the demo contracts, seeded history and the Blockchain API on the first chain. */
/** `embedded` (default true): the secure frame, the auth service, the SMTP sink and the bundler; `projects` the auth service's (default the demo project). */
export function startDemoStack(options?: {
  port?: number
  root?: string
  relayPort?: number
  accountServices?: boolean
  embedded?: boolean
  projects?: Record<string, Project>
  /** The auth service's clock (default Date.now). */
  authNow?: () => number
  /** How long the secure frame waits for the visitor's Approve (default 4 minutes). */
  approvalTimeoutMs?: number
}): Promise<{
  url: string
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
  /** The sign-in sessions service (services/sessions), answering the demo page's origin. */
  sessions: SessionsService
  demoAccounts: { solana: string; bitcoinPayment: string; bitcoinOrdinals: string }
  stop(): Promise<void>
}>
