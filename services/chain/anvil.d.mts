import type { Server } from 'node:net'

export const DEV_ACCOUNT: { address: `0x${string}`; privateKey: `0x${string}` }
export const DEV_BALANCE_WEI: bigint
export function freePort(): Promise<number>
/** A free port on 127.0.0.1, listened on until `release()`. */
export function holdPort(): Promise<{ port: number; server: Server; release(): Promise<void> }>
export interface Anvil {
  url: string
  port: number
  chainId: number
  rpc(method: string, params?: unknown[]): Promise<unknown>
  stop(): Promise<void>
}
/** `timestamp`: the genesis block's time, unix seconds (default now). */
export function startAnvil(options?: { chainId?: number; port?: number; blockTime?: number; timestamp?: number }): Promise<Anvil>
export const DEMO_CHAINS: { chainId: number; name: string }[]
export function startDemoChains(options?: {
  startedAgoSeconds?: number
}): Promise<{ anvils: Anvil[]; chains: { chainId: number; name: string; rpcUrl: string }[]; stop(): Promise<void> }>
