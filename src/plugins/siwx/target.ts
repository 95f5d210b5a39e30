/**
 * Whom the sign-in is for, read from the state (SPEC §4: "an account exists, the network is
 * supported"): the active namespace's account on the active network, when that namespace is one
 * the plugin signs in on and the network is one the site requested.
 */
import {
  type RootState,
  selectConnectedAccount,
  selectPreferredAccountType,
  selectIsActiveNetworkSupported,
  EMBEDDED_WALLET_CONNECTOR_ID,
  type ChainNamespace,
} from 'airlock/plugin'

/** The namespaces with a sign-in message and a verifier (EIP-4361, Sign-In With Solana, BIP-322). */
export const SIWX_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

export interface SignInTarget {
  readonly namespace: ChainNamespace
  readonly caipNetworkId: string
  readonly address: string
}

/**
 * The CAIP-10 account to sign in, or null.
 *
 * ```ts
 * signInAccount(state) // 'eip155:31337:0xf39F…2266' once connected on a requested network
 * ```
 */
export function signInAccount(state: RootState): string | null {
  const network = state.networks.activeCaipNetworkId
  const address = selectConnectedAccount(state, SIWX_NAMESPACES)?.address
  if (!network || !address || !selectIsActiveNetworkSupported(state)) return null
  return `${network}:${address}`
}

/** `signInAccount` as its parts. */
export function signInTarget(state: RootState): SignInTarget | null {
  const account = signInAccount(state)
  if (account === null) return null
  const cut = account.lastIndexOf(':')
  return { namespace: state.networks.activeNamespace as ChainNamespace, caipNetworkId: account.slice(0, cut), address: account.slice(cut + 1) }
}

/**
 * Whether the account signing is the embedded wallet's smart account, whose signature (ERC-4337
 * v0.7 SimpleAccount: no ERC-1271) a site's verifier may not be able to check (SPEC §8).
 */
export function isSmartAccount(state: RootState): boolean {
  const account = selectConnectedAccount(state)
  return account?.connectorId === EMBEDDED_WALLET_CONNECTOR_ID && selectPreferredAccountType(account.namespace)(state) === 'smartAccount'
}
