import type { UsedMessages } from './usedMessages.d.mts'

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

/** How old a registration message may be when it is submitted (10 minutes). */
export const REGISTRATION_MAX_AGE_MS: number

/** The fields of a registration message (see profiles.mjs for its format), or null when the text is not one. */
export function parseRegistrationMessage(message: unknown): { name: string; address: string; coinType: number; issuedAt: number; nonce: string } | null

/** The EVM chain id of an ENSIP-11 coin type (60 → 1, 0x80000000 | id → id), or null. */
export function chainIdOfCoinType(coinType: number): number | null

export function nameProfiles(options: {
  names?: { chainId: number; address: string }[]
  evm?: { chainId: number; rpcUrl: string }[]
  zone?: string
  /** The name contracts' admin: registers names (POST /v1/profile/account). Without it, registration answers 501. */
  registrar?: { address?: string; privateKey: `0x${string}` }
  /** The clock registration messages are dated against (ms); default Date.now. */
  now?: () => number
  /** Where used registration messages are kept (./usedMessages.mjs); default the process's memory. */
  usedMessages?: UsedMessages
}): {
  profile(name: string): Promise<NameProfileJson>
  reverse(address: string): Promise<NameProfileJson[]>
  suggestions(name: string, zone?: string | null): Promise<{ suggestions: { name: string; registered: boolean }[] }>
  register(body: unknown): Promise<NameProfileJson>
}
