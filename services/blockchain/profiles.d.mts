/** The zone suggestions are made in when the request names none. */
export const DEFAULT_NAME_ZONE: 'airlock.eth'
/** How many suggestions at most. */
export const MAX_SUGGESTIONS: number
/** ENSIP-11 coin type of an EVM chain as a decimal string: '60' for chain 1, else 0x80000000 | chainId. */
export function coinTypeOf(chainId: number): string

export interface NameProfileJson {
  name: string
  addresses: Record<string, { address: string }>
  attributes: { avatar: string }[]
}

export function nameProfiles(options: { names?: { chainId: number; address: string }[]; evm?: { chainId: number; rpcUrl: string }[]; zone?: string }): {
  profile(name: string): Promise<NameProfileJson>
  reverse(address: string): Promise<NameProfileJson[]>
  suggestions(name: string, zone?: string | null): Promise<{ suggestions: { name: string; registered: boolean }[] }>
}
