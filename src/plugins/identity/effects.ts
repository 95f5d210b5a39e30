/**
 * Identity sync (SPEC §4): on an EVM network that is not a testnet, the connected address's name
 * and avatar come from the Blockchain API (GET /v1/identity/{address}) through the instance's
 * account-data service, kept 5 minutes per address (SPEC §9). On any other network both are cleared.
 *
 * On a failed read, SPEC §4 says it "falls back to a provider-branded name and clears the image,
 * unless chain id is 1". Our reading: the provider-branded name is the address's name in the API's
 * own name service (GET /v1/profile/reverse/{address}, the names registered through the modal),
 * shown without an image; on chain 1, where the identity is the public name service's, nothing
 * else is asked and both are cleared, as they are when the fallback finds nothing or fails too
 * (a failure said as IDENTITY_NAMES_FAILED, SPEC §8's "Error fetching names for address").
 *
 * A name registered through the modal (REGISTER_NAME_SUCCESS) reads the identity again at once.
 */
import { EMPTY, distinctUntilChanged, filter, from, map, merge, switchMap, withLatestFrom } from 'rxjs'
import {
  type Effect,
  createEvent,
  type AirlockEvent,
  type RootState,
  type ChainNamespace,
  type PortDeps,
  selectConnectedAccount,
  selectActiveNetwork,
  accountData,
} from 'airlock/plugin'
import { IDENTITY_CACHE_MS } from './state'
import { NAMES_FOR_ADDRESS_FAILED } from './events'

/** The namespaces with identities (SPEC §4: EVM networks only). */
export const IDENTITY_NAMESPACES: readonly ChainNamespace[] = ['eip155']

interface Target {
  readonly namespace: ChainNamespace
  /** Null when the network has no identity (not EVM, a testnet): both are cleared. */
  readonly address: string | null
  readonly chainId: string | number
}

function target(state: RootState): Target | null {
  const account = selectConnectedAccount(state)
  const network = selectActiveNetwork(state)
  if (!account || !network) return null
  const hasIdentity = IDENTITY_NAMESPACES.includes(account.namespace) && !network.testnet
  return { namespace: account.namespace, address: hasIdentity ? account.address : null, chainId: network.id }
}
const sameTarget = (a: Target | null, b: Target | null) => a?.namespace === b?.namespace && a?.address === b?.address && a?.chainId === b?.chainId

const resolved = (namespace: ChainNamespace, name: string | null, image: string | null): AirlockEvent =>
  createEvent('PROFILE_RESOLVED', { namespace, name, image })

/**
 * Events after which the connected account's name has changed, so its identity is read again at
 * once, cache or not: the names plugin's public REGISTER_NAME_SUCCESS (by its type's string:
 * plugins never import each other).
 */
export const NAME_CHANGING_EVENTS: readonly string[] = ['REGISTER_NAME_SUCCESS']

export const syncIdentity: Effect<PortDeps> = (events$, state$, deps) => {
  const { api, clock } = deps
  const data = accountData(deps)
  const target$ = state$.pipe(
    map((state) => ({ state, target: target(state) })),
    distinctUntilChanged((a, b) => sameTarget(a.target, b.target)),
  )
  // A name registered: the same target, read afresh.
  const renamed$ = events$.pipe(
    filter((event) => NAME_CHANGING_EVENTS.includes(event.type)),
    withLatestFrom(state$),
    map(([, state]) => ({ state, target: target(state), force: true })),
  )
  return merge(target$.pipe(map((read) => ({ ...read, force: false }))), renamed$).pipe(
    switchMap(({ state, target, force }) => {
      if (!target) return EMPTY
      const { namespace, address, chainId } = target
      if (address === null) return [resolved(namespace, null, null)]
      const key = address.toLowerCase()
      const cached = state.identity?.byAddress[key]
      if (!force && cached && clock.now() - cached.at < IDENTITY_CACHE_MS) return [resolved(namespace, cached.name, cached.avatar)]
      const read = async (): Promise<AirlockEvent[]> => {
        try {
          // Through the instance's account-data service (5 min per address, SPEC §9); a rename reads past it.
          const { name = null, avatar = null } = await data.identity(`${namespace}:${chainId}:${address}`, { force })
          return [createEvent('IDENTITY_READ', { address: key, name, avatar, at: clock.now() }), resolved(namespace, name, avatar)]
        } catch {
          if (String(chainId) === '1') return [resolved(namespace, null, null)]
          try {
            const profiles = await api.reverseProfiles({ address, sender: address })
            return [resolved(namespace, profiles[0]?.name ?? null, null)]
          } catch {
            // SPEC §8: said, not swallowed; the name and image are cleared.
            return [createEvent('IDENTITY_NAMES_FAILED', { address: key, message: NAMES_FOR_ADDRESS_FAILED }), resolved(namespace, null, null)]
          }
        }
      }
      return from(read()).pipe(switchMap((events) => from(events)))
    }),
  )
}
