/**
 * What Airlock's wallet shows apps, read from the instance's state: the chains of the site's
 * Solana networks, and the account Airlock has connected on Solana (none while it has not). The
 * same state gives the same objects: Solana's wallet adapter tells accounts apart by identity, and
 * a new object for the same account would read to it as an account change.
 */
import type { IdentifierArray, WalletAccount } from '@wallet-standard/base'
import { base58 } from '@scure/base'
import type { RootState } from '../kernel/registry'
import { siteChains } from './siteChains'

/** The features every account of Airlock's wallet has. */
export const ACCOUNT_FEATURES = Object.freeze(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']) as IdentifierArray

export interface WalletView {
  readonly chains: IdentifierArray
  readonly accounts: readonly WalletAccount[]
}

/** The connected Solana address, or null. */
export function solanaAddress(state: RootState): string | null {
  if (!state.connection.connectedNamespaces.includes('solana')) return null
  return state.account.accounts.solana.address
}

/**
 * A function from the state to the wallet's view, the previous objects kept while they are equal.
 *
 * ```ts
 * const view = walletView()
 * view(airlock.getState()).accounts // [{ address: '9fsf…', publicKey, chains: ['solana:8E9r…', 'solana:localnet'], features }]
 * ```
 */
export function walletView(): (state: RootState) => WalletView {
  let last: WalletView = { chains: Object.freeze([]) as IdentifierArray, accounts: Object.freeze([]) }
  return (state) => {
    const next = siteChains(state)
    const chains = sameList(next, last.chains) ? last.chains : (Object.freeze(next) as IdentifierArray)
    const address = solanaAddress(state)
    const previous = last.accounts[0]
    let accounts = last.accounts
    if (address === null) accounts = previous === undefined ? last.accounts : Object.freeze([])
    else if (previous?.address !== address || previous.chains !== chains) accounts = Object.freeze([accountOf(address, chains, state)])
    if (chains !== last.chains || accounts !== last.accounts) last = { chains, accounts }
    return last
  }
}

function accountOf(address: string, chains: IdentifierArray, state: RootState): WalletAccount {
  const label = state.account.accounts.solana.connectedWalletInfo?.name
  return Object.freeze({ address, publicKey: base58.decode(address), chains, features: ACCOUNT_FEATURES, ...(label ? { label } : {}) })
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((value, i) => value === b[i])
