/**
 * How the page checks a one-click sign-in's signature (./signInAnswer.ts): through the site's own
 * RPC for the CACAO's chain (the chain reader, ../chainReader.ts: the site's `customRpcUrls`, the
 * network's RPC URL, or the site's rpc host), never a host the site did not configure. A chain the
 * site did not configure has no reader: nothing is asked and the signature is refused. The check
 * itself (viem's `verifyMessage`: an EOA, ERC-1271, ERC-6492) is a chunk loaded with the first
 * contract account's answer.
 */
import { firstValueFrom, type Observable } from 'rxjs'
import type { Deps } from '../../kernel/deps'
import type { RootState } from '../../kernel/registry'
import { findNetwork } from '../../core/networks/selectors'
import type { ConnectorRuntime } from '../runtime'
import type { SignInCheck } from './signInAnswer'

/**
 * ```ts
 * const check = siteSignInCheck(runtime, state$, deps)
 * await check({ caipNetworkId: 'eip155:31337', address, message, signature }) // true or false
 * ```
 */
export function siteSignInCheck(runtime: Pick<ConnectorRuntime, 'readerFor'>, state$: Observable<RootState>, deps: Deps): SignInCheck {
  return async ({ caipNetworkId, address, message, signature }) => {
    const root = await firstValueFrom(state$)
    const network = findNetwork(root.networks, caipNetworkId)
    const reader = network && runtime.readerFor(network, root, deps)
    if (!reader) return false
    const { verifyThrough } = await import('./verifySignIn')
    return verifyThrough(reader, address, message, signature)
  }
}
