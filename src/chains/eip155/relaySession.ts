/**
 * eip155 over a relay-protocol session, as EIP-1193 answers it: accounts and the chain come from
 * the session; every other method goes to the wallet on the active chain.
 *
 * Switching (SPEC §4, relay-wallet connections): a chain the session approved is set here and the
 * account resynced (chainChanged, then accountsChanged when the address differs), with no prompt;
 * any other chain is asked of the wallet.
 */
import type { GrantedNamespace, RelayLocalSession } from '../relay'
import { ProviderDisconnectedError, UnsupportedProviderMethodError } from '../../kernel/errors/provider'

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

/**
 * ```ts
 * const session = createEip155RelaySession((event, value) => listeners.emit(event, value))
 * session.attach(granted, 'eip155:137')
 * await session.request('eth_chainId', [], send) // '0x89', without asking the wallet
 * ```
 */
export function createEip155RelaySession(emit: (event: string, value: unknown) => void): RelayLocalSession {
  let granted: GrantedNamespace | null = null
  let active: string | null = null

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

  return {
    attach(grant, chain) {
      granted = grant
      active = chain
    },
    update(grant) {
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
      granted = null
      active = null
    },
    async request(method, params, send) {
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
          const result = await send(active ?? target ?? '', method, params)
          if (target && granted?.chains.includes(target)) setActive(target)
          return result
        }
        default:
          return send(active ?? '', method, params)
      }
    },
  }
}
