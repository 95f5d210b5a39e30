/**
 * What a relay-protocol (WalletConnect) session carries for each namespace, as data: the wallet
 * methods and events a proposal asks for (SPEC §6), and the session events that announce a
 * namespace's accounts. The WalletConnect connector reads this table and never names a
 * namespace: Solana and Bitcoin adapters slot in here, not in the connector.
 */
import type { ChainNamespace } from '../events/shapes/namespace'
import { EIP155_EVENTS, EIP155_METHODS } from './eip155/methods'
import { SOLANA_EVENTS, SOLANA_METHODS } from './solana/methods'
import { BIP122_EVENTS, BIP122_METHODS } from './bip122/methods'

export interface RelayNamespace {
  /** The wallet RPC methods asked for, and routed to this namespace's chain in a session. */
  readonly methods: readonly string[]
  /** The wallet events asked for. */
  readonly events: readonly string[]
  /**
   * The session events that carry this namespace's new account list (an array of addresses or
   * of `{ address }`), read by the connector for a namespace no relay session answers locally.
   */
  readonly accountsEvents: readonly string[]
}

/** One namespace of a session: its approved chains (CAIP-2) and its addresses by chain. */
export interface GrantedNamespace {
  readonly namespace: ChainNamespace
  /** CAIP-2 ids of the configured chains the wallet approved, in the wallet's order. */
  readonly chains: string[]
  /** Addresses by CAIP-2 id, in the wallet's order. */
  readonly addresses: Record<string, string[]>
  readonly methods: string[]
  readonly events: string[]
}

/**
 * A namespace whose account and chain calls the page answers from the session itself (eip155:
 * EIP-1193 over the relay, so the adapter and the follow effect work as with an injected
 * wallet). Its wallet events are told to the provider's listeners through `emit`. A namespace
 * without one has every call sent to the wallet on its chain, and the connector follows its
 * accounts from the session (`accountsEvents`).
 */
export interface RelayLocalSession {
  /** Point at what the session granted, starting on `chain`. */
  attach(granted: GrantedNamespace, chain: string): void
  /** A session_update of this namespace. */
  update(granted: GrantedNamespace): void
  /** A session_event of this namespace. */
  sessionEvent(name: string, data: unknown): void
  /** A call of this namespace; `send` carries one to the wallet on a chain. */
  request(method: string, params: unknown, send: (chain: string, method: string, params: unknown) => Promise<unknown>): Promise<unknown>
  detach(): void
}

export type RelayLocalSessionFactory = (emit: (event: string, value: unknown) => void) => RelayLocalSession

/**
 * The one namespace the relay protocol's one-click sign-in (`wc_sessionAuthenticate`, CAIP-122
 * did:pkh accounts) signs in on: sign-client's fallback session proposal carries it alone.
 */
export const RELAY_SIGN_IN_NAMESPACE: ChainNamespace = 'eip155'

/** The namespaces a session can carry here. */
export const RELAY_NAMESPACES: Partial<Record<ChainNamespace, RelayNamespace>> = {
  eip155: { methods: EIP155_METHODS, events: EIP155_EVENTS, accountsEvents: ['accountsChanged'] },
  solana: { methods: SOLANA_METHODS, events: SOLANA_EVENTS, accountsEvents: ['accountsChanged'] },
  bip122: { methods: BIP122_METHODS, events: BIP122_EVENTS, accountsEvents: ['bip122_addressesChanged'] },
}

/**
 * The relay entry of a namespace, or undefined (also for a string that names no namespace).
 *
 * ```ts
 * relayNamespace('solana')?.methods // ['solana_signMessage', …]
 * relayNamespace('cosmos') // undefined
 * ```
 */
export const relayNamespace = (namespace: string): RelayNamespace | undefined =>
  Object.hasOwn(RELAY_NAMESPACES, namespace) ? RELAY_NAMESPACES[namespace as ChainNamespace] : undefined

/** Whether a relay session can carry `namespace`. */
export const isRelayNamespace = (namespace: string): boolean => relayNamespace(namespace) !== undefined
