/**
 * The account-data service (issue 26 §2): the one reader of what the Blockchain API (or the
 * wallet) says about an account — balances, history, on-ramp purchases, NFTs and identity —
 * through one query cache per instance (cache.ts). Every plugin that shows such data reads it here
 * (tokens, activity, NFTs, identity, send, swap, the on-ramp), so two plugins showing the same
 * balances make one call, and none reads another plugin's slice. Reached only through
 * `airlock/plugin` by the plugins' lazy chunks: the page's first load does not carry it.
 *
 * Keys, staleness and invalidation are documented in docs/plugins.md ("Account data").
 */
import { Observable } from 'rxjs'
import type { BlockchainApi, Identity, Nfts, TransactionHistory } from '../../ports/blockchainApi'
import type { WalletAccess } from '../../ports/wallet'
import type { TokenBalance } from '../../events/account'
import { createQueryCache, type Invalidation, type QueryCache, type ReadOptions } from './cache'
import { assertServed } from './served'

/** How long each resource's answer is fresh, in ms (SPEC §9 cache lifetimes). */
export const ACCOUNT_DATA_STALE_MS = {
  /** SPEC §9: portfolio and native balance, 30 s. */
  balances: 30_000,
  /** SPEC §9: identity, 5 min. */
  identity: 300_000,
  nfts: 30_000,
  /** Read each time it is shown (concurrent reads still share one call). */
  history: 0,
  purchases: 0,
} as const

/** SPEC §5: after a failed balance read, no call for the address for 30 s. */
export const BALANCE_BLOCK_MS = 30_000

export type AccountResource = keyof typeof ACCOUNT_DATA_STALE_MS

/** The ports the service reads through, as an effect's `deps` has them. */
export interface AccountDataDeps {
  readonly api: BlockchainApi
  readonly wallet: WalletAccess
  readonly clock: { now(): number }
}

export interface AccountData {
  /** The balances of a CAIP-10 address on its chain (the wallet's own, if it discovers assets; else the API's; a missing value counts as 0 USD). */
  balances(caipAddress: string, options?: ReadOptions): Promise<readonly TokenBalance[]>
  /** A page of a CAIP-10 account's history on its chain (`cursor` null: the first). */
  history(account: string, cursor: string | null, options?: ReadOptions): Promise<TransactionHistory>
  /** A CAIP-10 account's purchases through an on-ramp provider (the history with `onramp`). */
  purchases(account: string, provider: string, options?: ReadOptions): Promise<TransactionHistory>
  /** A page of a CAIP-10 account's NFTs on its chain. */
  nfts(account: string, cursor: string | null, options?: ReadOptions): Promise<Nfts>
  /** An address's name and avatar (GET /v1/identity/{address}), kept per address on any chain: `account` is CAIP-10. */
  identity(account: string, options?: ReadOptions): Promise<Identity>
  /** The last answer read for a resource, when, and whether it was invalidated since, without calling. */
  peek<T>(resource: AccountResource, account: string, page?: string): { readonly data: T; readonly at: number; readonly stale: boolean } | undefined
  /** Whether `peek` would give an answer still fresh (read within the resource's staleness, not invalidated). */
  fresh(resource: AccountResource, account: string, page?: string): boolean
  /** Mark what matches stale (the next read calls) and tell the watchers. */
  invalidate(match: Invalidation): void
  /** Each invalidation: a plugin showing matching data reads it again. */
  readonly invalidated$: Observable<Invalidation>
}

const split = (account: string): [chainId: string, address: string] => {
  const cut = account.lastIndexOf(':')
  return [account.slice(0, cut), account.slice(cut + 1)]
}

function createAccountData({ api, wallet, clock }: AccountDataDeps): AccountData {
  const cache: QueryCache = createQueryCache(() => clock.now())
  const read = <T>(resource: AccountResource, account: string, page: string, fetch: (signal: AbortSignal) => Promise<T>, options: ReadOptions = {}) =>
    cache.read({ resource, account, page }, fetch, {
      ...options,
      staleMs: ACCOUNT_DATA_STALE_MS[resource],
      ...(resource === 'balances' && { blockMs: BALANCE_BLOCK_MS }),
    })

  return {
    balances: (caipAddress, options) =>
      read(
        'balances',
        caipAddress,
        '',
        async (signal) => {
          const [chainId, address] = split(caipAddress)
          // Only a wallet with capabilities can discover its assets: the code that asks loads for it alone.
          const connection = wallet.connection(chainId.slice(0, chainId.indexOf(':')) as never)
          const fromWallet = connection?.getCapabilities ? await (await import('./walletAssets')).walletAssetBalances(connection, chainId) : undefined
          if (fromWallet) return fromWallet
          await assertServed(api, chainId)
          const { balances } = await api.balance({ address, chainId, currency: 'usd' }, { signal })
          return balances.map((b) => ({ ...b, value: b.value ?? 0 }))
        },
        options,
      ),
    history: (account, cursor, options) =>
      read(
        'history',
        account,
        cursor ?? '',
        async (signal) => {
          const [chainId] = split(account)
          await assertServed(api, chainId)
          return api.history({ account, chainId, cursor: cursor ?? undefined }, { signal })
        },
        options,
      ),
    purchases: (account, provider, options) =>
      read(
        'purchases',
        account,
        provider,
        async (signal) => {
          const [chainId, address] = split(account)
          return api.history({ account: address, onramp: provider, chainId }, { signal })
        },
        options,
      ),
    nfts: (account, cursor, options) =>
      read(
        'nfts',
        account,
        cursor ?? '',
        async (signal) => {
          const [chainId, address] = split(account)
          await assertServed(api, chainId)
          return api.nfts({ address, chainId, cursor: cursor ?? undefined }, { signal })
        },
        options,
      ),
    identity: (account, options) => {
      const [, address] = split(account)
      // One identity per address, whichever chain it was asked on.
      return read('identity', `any:any:${address.toLowerCase()}`, '', (signal) => api.identity({ address, sender: address }, { signal }), options)
    },
    peek: (resource, account, page = '') => cache.peek({ resource, account, page }),
    fresh(resource, account, page = '') {
      const known = cache.peek({ resource, account, page })
      return known !== undefined && !known.stale && clock.now() - known.at < ACCOUNT_DATA_STALE_MS[resource]
    },
    invalidate: (match) => cache.invalidate(match),
    invalidated$: cache.invalidated$,
  }
}

const services = new WeakMap<BlockchainApi, AccountData>()

/**
 * The instance's account-data service (made at its first use, one per instance: it is kept with
 * the instance's `api` port, so two instances on a page never share an answer).
 *
 * ```ts
 * export const readBalances: Effect<PortDeps> = (events$, state$, deps) =>
 *   target$.pipe(switchMap((caipAddress) => from(accountData(deps).balances(caipAddress)).pipe(map(…))))
 * ```
 */
export function accountData(deps: AccountDataDeps): AccountData {
  let service = services.get(deps.api)
  if (!service) services.set(deps.api, (service = createAccountData(deps)))
  return service
}

/**
 * A read as an Observable: subscribing starts it, unsubscribing (a newer read in `switchMap`)
 * aborts this reader's wait, and the call with it when no other reader waits.
 *
 * ```ts
 * switchMap((account) => fromRead((signal) => accountData(deps).history(account, null, { signal })))
 * ```
 */
export function fromRead<T>(read: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    read(controller.signal).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => {
        if (!controller.signal.aborted) subscriber.error(error)
      },
    )
    return () => controller.abort()
  })
}
