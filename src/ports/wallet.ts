/**
 * The `wallet` port: the active wallet connection of each namespace, as effects see it. A plugin
 * asks the connected wallet to sign or send through it and never imports a connector. The
 * composition root implements it over the connectors; tests hand effects a fake.
 */
import type { ChainNamespace } from '../events/shapes/namespace'

/** One request in EIP-1193's shape; every wallet, whatever its namespace, is reached through it. */
export interface WalletRequest {
  readonly method: string
  readonly params?: unknown
}

/** A transaction to send, in the namespace's own terms (eip155: to, value, data in hex strings). */
export type TransactionRequest = Readonly<Record<string, unknown>>

/** The connected wallet of one namespace. Optional methods exist where the namespace has them. */
export interface WalletConnection {
  readonly namespace: ChainNamespace
  readonly connectorId: string
  /** The connected address, in the namespace's canonical form. */
  readonly address: string
  /** The CAIP-2 id of the network the wallet is on. */
  readonly caipNetworkId: string
  request(args: WalletRequest): Promise<unknown>
  /** Sign a text message; resolves to the signature as the namespace encodes it. */
  signMessage(message: string): Promise<string>
  /** Send a transaction; resolves to its id (hash or signature). */
  sendTransaction?(transaction: TransactionRequest): Promise<string>
  signTypedData?(typedData: unknown): Promise<string>
  getCapabilities?(): Promise<unknown>
}

export interface WalletAccess {
  /** The connection of `namespace` (by default the active one), or undefined when none is connected. */
  connection(namespace?: ChainNamespace): WalletConnection | undefined
}
