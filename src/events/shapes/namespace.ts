/** The chain namespaces of SPEC §3 and the account types of §3/§9. */
import * as t from 'io-ts'

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export const ChainNamespace = t.keyof({ eip155: null, solana: null, polkadot: null, bip122: null, cosmos: null }, 'ChainNamespace')
export type ChainNamespace = t.TypeOf<typeof ChainNamespace>

declare module '../../kernel/module' {
  // A checked module's actions, tabs and connectors name these (a misspelt one does not compile).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface NamespaceRegistry extends Record<ChainNamespace, true> {}
}

/** eoa and smartAccount for EVM (SPEC §3); bip122 uses payment/ordinal/stx (SPEC §9 default: payment). */
export const AccountType = t.keyof({ eoa: null, smartAccount: null, payment: null, ordinal: null, stx: null }, 'AccountType')
export type AccountType = t.TypeOf<typeof AccountType>

/**
 * The type of an external wallet's address when the wallet does not say (SPEC §9 default account
 * types): payment for bip122, eoa elsewhere. eip155's default of smart account is the embedded
 * wallet's preference; an external EVM wallet's address is an EOA.
 */
export const WALLET_ACCOUNT_TYPE: Readonly<Record<ChainNamespace, AccountType>> = {
  eip155: 'eoa',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
  cosmos: 'eoa',
}

export const ConnectionStatus = t.keyof({ disconnected: null, connecting: null, connected: null }, 'ConnectionStatus')
export type ConnectionStatus = t.TypeOf<typeof ConnectionStatus>

/**
 * The chain namespace of a CAIP-2 network id: the part before the first colon, when it is one of
 * the namespaces of SPEC §3; undefined otherwise.
 *
 * ```ts
 * chainNamespaceOf('eip155:137') // 'eip155'
 * chainNamespaceOf('tron:1') // undefined
 * ```
 */
export function chainNamespaceOf(caipNetworkId: string): ChainNamespace | undefined {
  const colon = caipNetworkId.indexOf(':')
  const prefix = colon < 0 ? caipNetworkId : caipNetworkId.slice(0, colon)
  return ChainNamespace.is(prefix) ? prefix : undefined
}
