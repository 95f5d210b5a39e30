/**
 * `standard:connect` of Airlock's wallet: the account Airlock has on Solana, or Airlock's modal
 * opened on Solana, for the visitor to pick a wallet there. It settles when Airlock connects on
 * Solana, or rejects (4001) when the modal closes without a Solana connection.
 */
import { firstValueFrom, map, race, skipWhile, take, timer, type Subscription } from 'rxjs'
import type { AirlockInstance } from '../ports/instance'
import type { RootState } from '../kernel/registry'
import { AirlockError } from '../kernel/errors'
import { UserRejectedRequestError } from '../kernel/errors/provider'
import { namespaceNetwork } from '../core/networks/selectors'
import { solanaAddress } from './walletState'

/** How long a silent connect waits for Airlock to finish restoring a stored connection. */
export const RESTORE_WAIT_MS = 10_000

/**
 * Open the modal where the visitor connects a Solana wallet. Not connected anywhere: Solana
 * becomes the active namespace and Connect opens. Connected in another namespace: SwitchActiveChain
 * says no wallet is connected on Solana and goes on to Connect there, as the modal's own network
 * list does (SPEC §2/§4).
 */
async function openForSolana(airlock: AirlockInstance): Promise<void> {
  const state = airlock.getState()
  const network = namespaceNetwork(state, 'solana')
  if (network === undefined) {
    throw new AirlockError('A Solana network is needed', { details: 'The site configured no Solana network for Airlock to connect a wallet on' })
  }
  if (state.connection.connectedNamespaces.length > 0) {
    return airlock.open('SwitchActiveChain', {
      caipNetworkId: network.caipNetworkId,
      switchToChain: 'solana',
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
  }
  if (state.networks.activeNamespace !== 'solana') await airlock.switchNetwork(network.caipNetworkId)
  return airlock.open()
}

/**
 * The connected Solana address: at once when Airlock has one; else, when `silent`, after Airlock
 * has finished restoring a stored connection (null when it restored none); else after the visitor
 * connected through the modal. Rejects with UserRejectedRequestError when the modal closes first.
 *
 * ```ts
 * await connectSolana(airlock, { silent: false }) // '9fsfDFRBYeLdq4H8YjCtAB2mvfgd9ahRRE4x7pknfPj9'
 * ```
 */
export async function connectSolana(airlock: AirlockInstance, { silent }: { readonly silent: boolean }): Promise<string | null> {
  const now = solanaAddress(airlock.getState())
  if (now !== null) return now
  if (silent) {
    const restored = airlock.state$.pipe(
      skipWhile((state) => state.connection.status === 'connecting'),
      map(solanaAddress),
      take(1),
    )
    return firstValueFrom(race(restored, timer(RESTORE_WAIT_MS).pipe(map(() => solanaAddress(airlock.getState())))))
  }
  // Followed from before the modal opens: a visitor may close it before this function runs on.
  let opened = false
  let settled = false
  let following: Subscription | undefined
  const outcome = new Promise<string | null>((resolve) => {
    following = airlock.state$.subscribe((state: RootState) => {
      opened ||= state.router.open
      const address = solanaAddress(state)
      if (settled || (address === null && !(opened && !state.router.open))) return
      settled = true
      following?.unsubscribe()
      resolve(address)
    })
    if (settled) following.unsubscribe()
  })
  try {
    await openForSolana(airlock)
  } catch (error) {
    following?.unsubscribe()
    throw error
  }
  const address = await outcome
  if (address === null) throw new UserRejectedRequestError({ details: 'The visitor closed Airlock without connecting a Solana wallet' })
  return address
}
