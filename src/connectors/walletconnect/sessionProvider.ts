/**
 * A relay-protocol session as an EIP-1193 provider, so the eip155 adapter and the follow,
 * balance, switch and sign paths work on a relay wallet exactly as on an injected one. Accounts
 * and the chain are answered from the session; every other method goes to the wallet through the
 * relay. The Solana and Bitcoin methods of SPEC §6 go to the session on that namespace's chain.
 * One per instance; it points at the current session, if any.
 *
 * Switching (SPEC §4, relay-wallet connections): a chain the session approved is set here and the
 * account resynced (chainChanged, then accountsChanged when the address differs), with no prompt;
 * any other chain is asked of the wallet.
 */
import type { WalletProvider } from '../../chains/adapter'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { SOLANA_METHODS } from '../../chains/solana/methods'
import { BIP122_METHODS } from '../../chains/bip122/methods'
import type { GrantedNamespace } from './sessionAccounts'
import { ProviderDisconnectedError, UnsupportedProviderMethodError } from '../../kernel/errors/provider'

/** The calls of a session the provider needs: a narrow view of the relay client. */
export interface SessionLink {
  readonly topic: string
  request(chainId: string, method: string, params: unknown): Promise<unknown>
  end(): Promise<void>
}

export interface SessionProvider extends WalletProvider {
  /**
   * Point at a session and what it granted; `preferred` is the CAIP-2 chain to start on, in its
   * namespace, when the session has it.
   */
  attach(link: SessionLink, granted: readonly GrantedNamespace[], preferred: string | null): void
  /** A session_update: new chains and accounts of one namespace. */
  update(granted: GrantedNamespace): void
  /** A session_event of the eip155 namespace. */
  sessionEvent(name: string, data: unknown): void
  detach(): void
  on: NonNullable<WalletProvider['on']>
  removeListener: NonNullable<WalletProvider['removeListener']>
  readonly topic: string | null
  readonly activeChain: string | null
}

/** The namespace whose wallet methods (SPEC §6) a method belongs to, when not eip155. */
function otherNamespaceOf(method: string): ChainNamespace | undefined {
  if (SOLANA_METHODS.includes(method)) return 'solana'
  if (BIP122_METHODS.includes(method)) return 'bip122'
  return undefined
}

const hexChain = (caip2: string): string => `0x${BigInt(caip2.split(':')[1] ?? '0').toString(16)}`

/** A chain id as wallets send it (number, hex or decimal string) as CAIP-2, or undefined. */
function caip2Of(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return `eip155:${value}`
  if (typeof value !== 'string') return undefined
  if (/^eip155:\d{1,20}$/.test(value)) return value
  if (/^0x[0-9a-fA-F]{1,16}$/.test(value) || /^\d{1,20}$/.test(value)) return `eip155:${BigInt(value).toString()}`
  return undefined
}

/** An account as wallets send it in accountsChanged: a plain address or a CAIP-10 id. */
const plainAddress = (value: unknown): unknown => (typeof value === 'string' && value.startsWith('eip155:') ? value.split(':')[2] : value)

export function createSessionProvider(): SessionProvider {
  let link: SessionLink | null = null
  let granted: GrantedNamespace | null = null
  let active: string | null = null
  /** Solana and Bitcoin parts of the session: their requests go on the chain kept here. */
  const others = new Map<ChainNamespace, { granted: GrantedNamespace; chain: string }>()
  const listeners = new Map<string, Set<(...args: never[]) => void>>()

  const emit = (event: string, value: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (v: unknown) => void)(value)
  }
  const addressesOn = (chain: string | null): string[] => (chain && granted ? (granted.addresses[chain] ?? []) : [])

  /** Move to `chain`, telling listeners, and resync the account when it differs there. */
  const setActive = (chain: string): void => {
    if (chain === active) return
    const before = addressesOn(active)
    active = chain
    emit('chainChanged', hexChain(chain))
    const after = addressesOn(chain)
    if (after.length > 0 && after.join() !== before.join()) emit('accountsChanged', after)
  }

  const need = (): SessionLink => {
    if (!link) throw new ProviderDisconnectedError({ details: 'The wallet session has ended' })
    return link
  }

  return {
    get topic() {
      return link?.topic ?? null
    },
    get activeChain() {
      return active
    },
    attach(next, grants, preferred) {
      link = next
      granted = null
      active = null
      others.clear()
      for (const grant of grants) {
        const chain = preferred && grant.chains.includes(preferred) ? preferred : grant.chains[0]
        if (!chain) continue
        if (grant.namespace === 'eip155') {
          granted = grant
          active = chain
        } else others.set(grant.namespace, { granted: grant, chain })
      }
    },
    update(grant) {
      if (grant.namespace !== 'eip155') {
        const chain = others.get(grant.namespace)?.chain
        const next = chain && grant.chains.includes(chain) ? chain : grant.chains[0]
        if (next) others.set(grant.namespace, { granted: grant, chain: next })
        else others.delete(grant.namespace)
        return
      }
      const before = addressesOn(active)
      granted = grant
      if (active && !grant.chains.includes(active)) {
        const next = grant.chains[0]
        if (next) setActive(next)
        return
      }
      const after = addressesOn(active)
      if (after.join() !== before.join()) emit('accountsChanged', after)
    },
    sessionEvent(name, data) {
      if (name === 'chainChanged') {
        const chain = caip2Of(data)
        if (!chain) return
        if (granted?.chains.includes(chain)) setActive(chain)
        else {
          // A chain outside the session (or the site's networks): report it, so the modal shows
          // the unsupported placeholder, but keep requests on the last approved chain.
          emit('chainChanged', hexChain(chain))
        }
      } else if (name === 'accountsChanged') {
        if (!Array.isArray(data)) return
        const list = data.map(plainAddress)
        if (active && granted && list.every((a): a is string => typeof a === 'string')) {
          granted = { ...granted, addresses: { ...granted.addresses, [active]: list } }
        }
        emit('accountsChanged', list)
      }
    },
    detach() {
      link = null
      granted = null
      active = null
      others.clear()
    },
    async request({ method, params }) {
      const session = need()
      const namespace = otherNamespaceOf(method)
      if (namespace) {
        const part = others.get(namespace)
        // EIP-1193 4200: the provider does not support the method (the session has no such namespace).
        if (!part) throw new UnsupportedProviderMethodError({ details: `The wallet approved no ${namespace} account` })
        return session.request(part.chain, method, params)
      }
      if (!granted && method !== 'eth_accounts') throw new UnsupportedProviderMethodError({ details: 'The wallet approved no eip155 account' })
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return addressesOn(active)
        case 'eth_chainId':
          if (!active) throw new ProviderDisconnectedError({ details: 'The session has no eip155 chain' })
          return hexChain(active)
        case 'wallet_switchEthereumChain': {
          const target = Array.isArray(params) ? caip2Of((params[0] as { chainId?: unknown } | undefined)?.chainId) : undefined
          if (target && granted?.chains.includes(target)) {
            setActive(target)
            return null
          }
          const result = await session.request(active ?? target ?? '', method, params)
          if (target && granted?.chains.includes(target)) setActive(target)
          return result
        }
        default:
          return session.request(active ?? '', method, params)
      }
    },
    async endSession() {
      const session = link
      if (!session) return
      link = null
      await session.end()
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return this
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return this
    },
  }
}
