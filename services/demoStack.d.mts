import type { Anvil } from './chain/anvil.mjs'
import type { startRelay } from './relay/relay.mjs'
export function startDemoStack(options?: { port?: number; root?: string; relayPort?: number }): Promise<{
  url: string
  configUrl: string
  relayUrl: string
  relay: Awaited<ReturnType<typeof startRelay>>
  chains: { chainId: number; name: string; rpcUrl: string }[]
  anvils: Anvil[]
  stop(): Promise<void>
}>
