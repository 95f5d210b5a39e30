import type { Anvil } from './chain/anvil.mjs'
export function startDemoStack(options?: { port?: number; root?: string }): Promise<{
  url: string
  configUrl: string
  chains: { chainId: number; name: string; rpcUrl: string }[]
  anvils: Anvil[]
  stop(): Promise<void>
}>
