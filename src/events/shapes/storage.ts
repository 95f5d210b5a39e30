/**
 * The values SPEC §3 keeps in browser storage, as state sees them after decoding. Every field is
 * optional: a key that was missing or corrupt is simply absent. The keys and per-key codecs live
 * in src/core/storage. The email and socials plugins keep their values in their own keys.
 */
import * as t from 'io-ts'
import { AccountType, ChainNamespace } from './namespace'
import { DeepLinkChoice, WalletEntry } from './wallet'

/** SPEC §3 stores only the settled states: connected or disconnected, never connecting. */
export const StoredConnectionStatus = t.keyof({ connected: null, disconnected: null }, 'StoredConnectionStatus')
export type StoredConnectionStatus = t.TypeOf<typeof StoredConnectionStatus>

export const StoredConnection = t.type({ connectorId: t.string, accounts: t.array(t.type({ address: t.string })) }, 'StoredConnection')

export const StoredValues = t.partial(
  {
    activeNamespace: ChainNamespace,
    activeCaipNetworkId: t.string,
    /** The latest 2 recent wallets, newest first. */
    recentWallets: t.array(WalletEntry),
    deepLinkChoice: DeepLinkChoice,
    connectedConnectorIds: t.partial({ eip155: t.string, solana: t.string, polkadot: t.string, bip122: t.string, cosmos: t.string }),
    connectionStatus: StoredConnectionStatus,
    connectedNamespaces: t.array(ChainNamespace),
    preferredAccountTypes: t.partial({ eip155: AccountType, solana: AccountType, polkadot: AccountType, bip122: AccountType, cosmos: AccountType }),
    connections: t.partial({
      eip155: t.array(StoredConnection),
      solana: t.array(StoredConnection),
      polkadot: t.array(StoredConnection),
      bip122: t.array(StoredConnection),
      cosmos: t.array(StoredConnection),
    }),
    lastUsedChain: ChainNamespace,
    /** Stored comma-joined (SPEC §3); CAIP-2 ids here. */
    smartAccountEnabledNetworks: t.array(t.string),
  },
  'StoredValues',
)
export type StoredValues = t.TypeOf<typeof StoredValues>
