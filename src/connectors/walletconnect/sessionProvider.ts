/**
 * A relay-protocol session as an EIP-1193 provider, so the adapters and the follow, balance,
 * switch and sign paths work on a relay wallet exactly as on an injected one. Each method goes to
 * the namespace the relay table (src/chains/relay.ts) gives it: a namespace the page answers
 * itself (src/chains/relaySessions.ts; eip155 answers accounts, chain and switches from the
 * session) takes its calls; any other namespace's calls go to the wallet on that namespace's
 * chain. One per instance; it points at the current session, if any. It names no namespace: a
 * new one slots in through those tables.
 */
import { DISCONNECT_METHOD, SET_CHAIN_METHOD, type WalletProvider } from '../../chains/adapter'
import { chainNamespaceOf, type ChainNamespace } from '../../events/shapes/namespace'
import { RELAY_NAMESPACES, type GrantedNamespace, type RelayLocalSession, type RelayLocalSessionFactory } from '../../chains/relay'
import { RELAY_LOCAL_SESSIONS } from '../../chains/relaySessions'
import { ProviderDisconnectedError, SwitchChainError, UnsupportedProviderMethodError } from '../../kernel/errors/provider'

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
  /**
   * A session_event on `chainId`: true when a namespace answered here took it (its listeners hear
   * it), false when the caller follows that namespace itself.
   */
  sessionEvent(chainId: string, name: string, data: unknown): boolean
  /** Whether the page answers `namespace`'s account and chain calls (they follow as an injected wallet's). */
  answers(namespace: ChainNamespace): boolean
  detach(): void
  on: NonNullable<WalletProvider['on']>
  removeListener: NonNullable<WalletProvider['removeListener']>
  readonly topic: string | null
}

/** Each relay method's namespace, from the relay table. */
const METHOD_NAMESPACE = new Map<string, ChainNamespace>(
  (Object.entries(RELAY_NAMESPACES) as [ChainNamespace, { methods: readonly string[] }][]).flatMap(([namespace, spec]) =>
    spec.methods.map((method) => [method, namespace] as const),
  ),
)

/**
 * ```ts
 * const provider = createSessionProvider()
 * provider.attach(link, grantedSession(session.namespaces, networks).namespaces, 'eip155:1')
 * await provider.request({ method: 'eth_chainId' }) // '0x1', answered from the session
 * ```
 */
export function createSessionProvider(locals: Partial<Record<ChainNamespace, RelayLocalSessionFactory>> = RELAY_LOCAL_SESSIONS): SessionProvider {
  let link: SessionLink | null = null
  /** The parts of the session no local session answers: their requests go on the chain kept here. */
  const others = new Map<ChainNamespace, { granted: GrantedNamespace; chain: string }>()
  const listeners = new Map<string, Set<(...args: never[]) => void>>()

  const emit = (event: string, value: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (v: unknown) => void)(value)
  }
  const answered = new Map<ChainNamespace, RelayLocalSession>(
    (Object.entries(locals) as [ChainNamespace, RelayLocalSessionFactory][]).map(([namespace, make]) => [namespace, make(emit)]),
  )
  /** A method outside the table goes to the first namespace answered here (eip155 has the open-ended method set). */
  const fallback = [...answered.keys()][0]

  const need = (): SessionLink => {
    if (!link) throw new ProviderDisconnectedError({ details: 'The wallet session has ended' })
    return link
  }

  /** SET_CHAIN_METHOD for a namespace the wallet answers on its chains: a chain the session granted, or 4902. */
  const setChain = (params: unknown): null => {
    const chain = Array.isArray(params) && typeof params[0] === 'string' ? params[0] : undefined
    const namespace = chain === undefined ? undefined : chainNamespaceOf(chain)
    const part = namespace && others.get(namespace)
    if (!chain || !part) throw new UnsupportedProviderMethodError({ details: `The session has no ${namespace ?? 'such'} namespace` })
    if (!part.granted.chains.includes(chain)) throw new SwitchChainError({ details: `The wallet did not approve ${chain}` })
    others.set(part.granted.namespace, { granted: part.granted, chain })
    return null
  }

  return {
    get topic() {
      return link?.topic ?? null
    },
    attach(next, grants, preferred) {
      link = next
      answered.forEach((local) => local.detach())
      others.clear()
      for (const grant of grants) {
        const chain = preferred && grant.chains.includes(preferred) ? preferred : grant.chains[0]
        if (!chain) continue
        const local = answered.get(grant.namespace)
        if (local) local.attach(grant, chain)
        else others.set(grant.namespace, { granted: grant, chain })
      }
    },
    update(grant) {
      const local = answered.get(grant.namespace)
      if (local) return local.update(grant)
      const chain = others.get(grant.namespace)?.chain
      const next = chain && grant.chains.includes(chain) ? chain : grant.chains[0]
      if (next) others.set(grant.namespace, { granted: grant, chain: next })
      else others.delete(grant.namespace)
    },
    sessionEvent(chainId, name, data) {
      const namespace = chainNamespaceOf(chainId)
      const local = namespace && answered.get(namespace)
      if (!local) return false
      local.sessionEvent(name, data)
      return true
    },
    answers: (namespace) => answered.has(namespace),
    detach() {
      link = null
      answered.forEach((local) => local.detach())
      others.clear()
    },
    async request({ method, params }) {
      const session = need()
      if (method === SET_CHAIN_METHOD) return setChain(params)
      // The site is done with a namespace: the session ends as a whole through endSession.
      if (method === DISCONNECT_METHOD) return null
      const namespace = METHOD_NAMESPACE.get(method) ?? fallback
      const local = namespace && answered.get(namespace)
      if (local) return local.request(method, params, (chain, m, p) => session.request(chain, m, p))
      const part = namespace && others.get(namespace)
      if (!part) throw new UnsupportedProviderMethodError({ details: `The wallet approved no ${namespace ?? ''} account` })
      return session.request(part.chain, method, params)
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
