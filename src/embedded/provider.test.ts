/**
 * The embedded wallet's EIP-1193 provider (SPEC §6 safe, unsafe and refused methods; §9 "Pending
 * transactions limit 99"; §4 "Closing the modal … rejects pending auth RPC requests"; §8 the
 * codes), over a fake FrameHost of this file that records each request and answers it when told.
 * Approving is the frame's (DESIGN "The secure frame decides"): here the fake frame's answer
 * stands for the visitor's click in it; the provider has no way to approve.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, type AppEventPayload, type AppEventType, type FrameUser } from './protocol'
import type { AirlockError } from '../kernel/errors'
import { ProviderRpcError, UnauthorizedProviderError, UserRejectedRequestError } from '../kernel/errors/provider'
import type { FrameStatus, PendingApproval, RefusedRequest, SettledApproval } from './port'
import { FrameError, type FrameHost } from './frameHost'
import { ABORTED_MESSAGE, createEmbeddedProvider, NOT_ALLOWED_MESSAGE, PENDING_APPROVALS_LIMIT } from './provider'

interface Asked {
  readonly type: AppEventType
  readonly payload: unknown
  resolve(value: unknown): void
  reject(error: unknown): void
  /** The fake frame answered it already. */
  done?: boolean
}

const UNSAFE = new Set<string>(UNSAFE_RPC_METHODS)

const USER: FrameUser = {
  email: 'ada@example.com',
  userName: null,
  provider: 'email',
  address: '0x00000000000000000000000000000000000000aa',
  chainId: 1,
  accounts: [{ address: '0x00000000000000000000000000000000000000aa', type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

/**
 * A fake frame host: each request is recorded; those of a type in `answers` are answered at once
 * (a function of the payload), the others wait for the test to resolve or reject them.
 */
function fakeHost(answers: Partial<Record<AppEventType, (payload: unknown) => unknown>> = {}) {
  const asked: Asked[] = []
  const host: FrameHost = {
    start: () => Promise.resolve(),
    status$: new BehaviorSubject<FrameStatus>('initialised'),
    request: <K extends AppEventType>(type: K, payload: AppEventPayload<K>) =>
      new Promise((resolve, reject) => {
        const entry: Asked = { type, payload, resolve, reject }
        entry.resolve = (value) => ((entry.done = true), resolve(value))
        entry.reject = (error) => ((entry.done = true), reject(error))
        asked.push(entry)
        const answer = answers[type]
        if (answer) resolve(answer(payload))
      }) as never,
    view$: new BehaviorSubject({ requestId: null as string | null, height: 0 }),
    namespaces$: new BehaviorSubject<readonly string[]>([]),
    // As the frame does: every unsafe request still waiting for the visitor answers 4001 "Request was aborted".
    cancelApprovals: () => {
      cancels.push(1)
      for (const a of asked.filter((a) => a.type === 'RPC_REQUEST' && UNSAFE.has((a.payload as { method: string }).method) && !a.done)) {
        a.done = true
        a.reject(new FrameError(ABORTED_MESSAGE, { code: 4001, details: ABORTED_MESSAGE }))
      }
    },
    destroy: () => undefined,
  }
  const cancels: number[] = []
  /** The RPC requests that reached the frame. */
  const rpc = () => asked.filter((a) => a.type === 'RPC_REQUEST')
  return { host, asked, rpc, cancels }
}

/** Let promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' }
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  )
  return state
}

function setup(answers: Parameters<typeof fakeHost>[0] = {}) {
  const frame = fakeHost(answers)
  let next = 0
  const provider = createEmbeddedProvider(frame.host, { chainId: 1, preferredAccountType: 'eoa', randomId: () => `approval-${++next}` })
  const approvals: (readonly PendingApproval[])[] = []
  const refusals: RefusedRequest[] = []
  const settled: SettledApproval[] = []
  provider.approvals$.subscribe((list) => approvals.push(list))
  provider.refusals$.subscribe((refused) => refusals.push(refused))
  provider.settled$.subscribe((outcome) => settled.push(outcome))
  const waiting = () => provider.approvals$.value
  const call = (method: string, params?: unknown) => track(provider.request({ method, ...(params === undefined ? {} : { params }) }) as Promise<unknown>)
  return { ...frame, provider, approvals, refusals, settled, waiting, call }
}

const codeOf = (error: unknown) => (error as AirlockError).code

describe('the embedded provider: a frame that went away (issue 27 §3)', () => {
  it('after the frame failed, the next request first restores the session in the fresh frame (IS_CONNECTED, GET_USER), once', async () => {
    const { host, asked, call } = setup({
      IS_CONNECTED: () => ({ isConnected: true }),
      GET_USER: () => ({ address: '0xabc' }),
      RPC_REQUEST: () => ({ result: '0x1' }),
    })
    await settle()
    expect(call('eth_blockNumber').status).toBe('pending')
    await settle()
    expect(asked.map((a) => a.type)).toEqual(['RPC_REQUEST'])
    ;(host.status$ as BehaviorSubject<FrameStatus>).next('failed')
    const after = call('eth_blockNumber')
    await settle()
    await settle()
    expect(after.status).toBe('resolved')
    expect(asked.map((a) => a.type)).toEqual(['RPC_REQUEST', 'IS_CONNECTED', 'GET_USER', 'RPC_REQUEST'])
    call('eth_blockNumber')
    await settle()
    expect(asked.map((a) => a.type)).toEqual(['RPC_REQUEST', 'IS_CONNECTED', 'GET_USER', 'RPC_REQUEST', 'RPC_REQUEST'])
  })
})

describe('the embedded provider: safe methods (SPEC §6 "Safe (no approval)")', () => {
  // Answered here, or after IS_CONNECTED (the accounts: see the accounts tests below).
  const LOCAL = new Set([
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'net_version',
    'wallet_switchEthereumChain',
    'solana_getAccounts',
    'solana_requestAccounts',
  ])

  it('every safe method the frame answers goes straight to it as RPC_REQUEST, with the current chain, and nothing waits for approval', async () => {
    const { rpc, call, approvals } = setup()
    const methods = SAFE_RPC_METHODS.filter((m) => !LOCAL.has(m))
    const outcomes = methods.map((method) => call(method, [method]))
    await settle()
    expect(rpc().map((a) => a.payload)).toEqual(methods.map((method) => ({ method, params: [method], chainId: 1 })))
    rpc().forEach((a, i) => a.resolve({ result: `answer-${i}` }))
    await settle()
    outcomes.forEach((outcome, i) => expect(outcome).toMatchObject({ status: 'resolved', value: `answer-${i}` }))
    expect(approvals.every((list) => list.length === 0)).toBe(true)
  })

  it('eth_chainId and net_version are answered from the provider’s chain, without the frame', async () => {
    const { asked, provider } = setup()
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('1')
    expect(asked).toEqual([])
  })
})

describe('the embedded provider: unsafe methods are the frame’s to approve (SPEC §6; DESIGN "The secure frame decides")', () => {
  it('every unsafe method goes to the frame at once, with its chain, and is listed in approvals$ (for the transaction stack) until it ends', async () => {
    const { rpc, call, waiting } = setup()
    for (const method of UNSAFE_RPC_METHODS) call(method, [])
    await settle()
    expect(rpc().map((a) => (a.payload as { method: string }).method)).toEqual([...UNSAFE_RPC_METHODS])
    expect(rpc().every((a) => (a.payload as { chainId: number }).chainId === 1)).toBe(true)
    expect(waiting().map((a) => a.method)).toEqual([...UNSAFE_RPC_METHODS])
    expect(waiting().every((a) => a.chainId === 1)).toBe(true)
  })

  it('the provider has no way to approve: no decide, and nothing it holds changes what the frame does', () => {
    const { provider } = setup()
    expect('decide' in provider).toBe(false)
  })

  it('the frame’s answer (after the visitor’s click in it) resolves the request, settled "success" and gone from the list', async () => {
    const { rpc, call, waiting, settled, approvals } = setup()
    const signed = call('personal_sign', ['0x48656c6c6f', USER.address])
    await settle()
    expect(waiting()).toEqual([{ id: 'approval-1', method: 'personal_sign', params: ['0x48656c6c6f', USER.address], chainId: 1 }])
    expect(rpc()[0]!.payload).toEqual({ method: 'personal_sign', params: ['0x48656c6c6f', USER.address], chainId: 1 })
    rpc()[0]!.resolve({ result: '0xsignature' })
    await settle()
    expect(signed).toMatchObject({ status: 'resolved', value: '0xsignature' })
    expect(settled).toEqual([{ id: 'approval-1', outcome: 'success', message: null }])
    expect(waiting()).toEqual([])
    expect(approvals[approvals.length - 1]).toEqual([])
  })

  it('the visitor rejects in the frame: 4001 to the site as UserRejectedRequestError, settled "cancel" (SPEC §8 user rejected)', async () => {
    const { rpc, call, waiting, settled } = setup()
    const sent = call('eth_sendTransaction', [{ to: USER.address, value: '0x1' }])
    await settle()
    rpc()[0]!.reject(new FrameError('User rejected the request', { code: 4001, details: 'User rejected the request' }))
    await settle()
    expect(sent.status).toBe('rejected')
    expect(sent.error).toBeInstanceOf(UserRejectedRequestError)
    expect(codeOf(sent.error)).toBe(4001)
    expect(settled).toEqual([{ id: 'approval-1', outcome: 'cancel', message: null }])
    expect(waiting()).toEqual([])
  })

  it('a request the frame fails: the frame’s error (code kept) to the site, settled "error" with its message', async () => {
    const { rpc, call, settled } = setup()
    const sent = call('eth_sendTransaction', [{ to: USER.address }])
    await settle()
    rpc()[0]!.reject(new FrameError('insufficient funds for gas', { code: -32000, details: 'insufficient funds for gas' }))
    await settle()
    expect(sent.status).toBe('rejected')
    expect(sent.error).toBeInstanceOf(ProviderRpcError)
    expect(codeOf(sent.error)).toBe(-32000)
    expect((sent.error as Error).message).toBe('insufficient funds for gas')
    expect(settled).toEqual([{ id: 'approval-1', outcome: 'error', message: 'insufficient funds for gas' }])
  })
})

describe('the embedded provider: refused methods (SPEC §6 "Methods not in the known list are rejected")', () => {
  it('4200 "Requested RPC call is not allowed", told on refusals$, never sent to the frame', async () => {
    const { asked, call, refusals } = setup()
    const refused = call('eth_coinbase')
    await settle()
    expect(refused.status).toBe('rejected')
    expect(refused.error).toBeInstanceOf(ProviderRpcError)
    expect((refused.error as Error).message).toBe('Requested RPC call is not allowed')
    expect((refused.error as Error).message).toBe(NOT_ALLOWED_MESSAGE)
    expect(codeOf(refused.error)).toBe(4200)
    expect(refusals).toEqual([{ method: 'eth_coinbase' }])
    expect(asked).toEqual([])
  })

  it('has the frame abort every unsafe request still waiting ("Request was aborted", 4001), while a safe one in flight still resolves', async () => {
    const { rpc, call, settled, cancels } = setup()
    const balance = call('eth_getBalance', [USER.address, 'latest'])
    const waitingA = call('eth_sendTransaction', [{}])
    const waitingB = call('eth_signTypedData_v4', [USER.address, '{}'])
    await settle()
    const refused = call('eth_sign_everything')
    await settle()
    expect(codeOf(refused.error)).toBe(4200)
    expect(cancels).toHaveLength(1)
    for (const aborted of [waitingA, waitingB]) {
      expect(aborted.status).toBe('rejected')
      expect((aborted.error as AirlockError).details).toBe(ABORTED_MESSAGE)
      expect(codeOf(aborted.error)).toBe(4001)
    }
    expect(settled).toEqual([
      { id: 'approval-1', outcome: 'cancel', message: ABORTED_MESSAGE },
      { id: 'approval-2', outcome: 'cancel', message: ABORTED_MESSAGE },
    ])
    expect(balance.status).toBe('pending')
    rpc()[0]!.resolve({ result: '0x10' })
    await settle()
    expect(balance).toMatchObject({ status: 'resolved', value: '0x10' })
  })

  it('wallet_addEthereumChain is not carried: 4200, and the frame never hears of it', async () => {
    const { asked, call } = setup()
    const added = call('wallet_addEthereumChain', [{ chainId: '0x2105' }])
    await settle()
    expect(codeOf(added.error)).toBe(4200)
    expect(asked).toEqual([])
  })
})

describe('the embedded provider: at most 99 waiting (SPEC §9 "Pending transactions limit 99")', () => {
  it('99 wait; the 100th is refused with -32005 and never reaches the frame; one ended makes room again', async () => {
    const { call, waiting, rpc } = setup()
    const calls = Array.from({ length: PENDING_APPROVALS_LIMIT }, (_, i) => call('personal_sign', [`0x${i.toString(16).padStart(2, '0')}`]))
    await settle()
    expect(PENDING_APPROVALS_LIMIT).toBe(99)
    expect(waiting()).toHaveLength(99)
    const hundredth = call('personal_sign', ['0xff'])
    await settle()
    expect(hundredth.status).toBe('rejected')
    expect(codeOf(hundredth.error)).toBe(-32005)
    expect(rpc()).toHaveLength(99)
    expect(calls.every((c) => c.status === 'pending')).toBe(true)
    rpc()[0]!.resolve({ result: '0xsig' })
    await settle()
    const next = call('personal_sign', ['0xfe'])
    await settle()
    expect(next.status).toBe('pending')
    expect(waiting()).toHaveLength(99)
  })
})

describe('the embedded provider: rejectAll (SPEC §4 "Closing the modal … rejects pending auth RPC requests")', () => {
  it('has the frame cancel those waiting (4001, settled "cancel"); with nothing waiting it asks nothing', async () => {
    const { call, waiting, provider, settled, cancels } = setup()
    provider.rejectAll()
    expect(cancels).toHaveLength(0)
    const a = call('personal_sign', ['0x01'])
    const b = call('wallet_sendCalls', [{ calls: [] }])
    await settle()
    provider.rejectAll()
    await settle()
    expect(cancels).toHaveLength(1)
    for (const rejected of [a, b]) {
      expect(rejected.status).toBe('rejected')
      expect(codeOf(rejected.error)).toBe(4001)
    }
    expect(settled.map((s) => s.outcome)).toEqual(['cancel', 'cancel'])
    expect(waiting()).toEqual([])
  })

  it('endSession cancels those waiting, then signs out of the frame', async () => {
    const { asked, call, provider } = setup({ SIGN_OUT: () => ({}) })
    const waitingSign = call('personal_sign', ['0x01'])
    await settle()
    await provider.endSession?.()
    await settle()
    expect(waitingSign.status).toBe('rejected')
    expect(asked.map((a) => a.type)).toEqual(['RPC_REQUEST', 'SIGN_OUT'])
  })
})

describe('the embedded provider: accounts (IS_CONNECTED, then GET_USER)', () => {
  it('eth_accounts is [] when not connected, and GET_USER is not asked', async () => {
    const { asked, provider } = setup({ IS_CONNECTED: () => ({ isConnected: false }) })
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    expect(asked.map((a) => a.type)).toEqual(['IS_CONNECTED'])
  })

  it('eth_requestAccounts when not connected is 4100 (unauthorised): the visitor signs in first', async () => {
    const { provider } = setup({ IS_CONNECTED: () => ({ isConnected: false }) })
    const error = await provider.request({ method: 'eth_requestAccounts' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnauthorizedProviderError)
    expect(codeOf(error)).toBe(4100)
  })

  it('when connected, both give the user’s address on the current chain for the preferred account type', async () => {
    const { asked, provider } = setup({ IS_CONNECTED: () => ({ isConnected: true }), GET_USER: () => USER })
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([USER.address])
    provider.setPreferredAccountType('smartAccount')
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([USER.address])
    expect(asked.filter((a) => a.type === 'GET_USER').map((a) => a.payload)).toEqual([
      { chainId: 1, preferredAccountType: 'eoa' },
      { chainId: 1, preferredAccountType: 'smartAccount' },
    ])
  })

  it('solana_getAccounts (a Solana restore after a reload) asks IS_CONNECTED first, so a reloaded frame restores its session before the Solana key is read (issue 28 §5)', async () => {
    const { asked, provider } = setup({ IS_CONNECTED: () => ({ isConnected: true }), RPC_REQUEST: () => ({ result: [{ pubkey: 'So1ana' }] }) })
    await expect(provider.request({ method: 'solana_getAccounts', params: {} })).resolves.toEqual([{ pubkey: 'So1ana' }])
    expect(asked.map((a) => a.type)).toEqual(['IS_CONNECTED', 'RPC_REQUEST'])
    expect(asked[1]!.payload).toMatchObject({ method: 'solana_getAccounts' })
  })

  it('solana_getAccounts is [] when not connected (no restore, the frame not asked for a key); solana_requestAccounts is 4100', async () => {
    const { asked, provider } = setup({ IS_CONNECTED: () => ({ isConnected: false }) })
    await expect(provider.request({ method: 'solana_getAccounts', params: {} })).resolves.toEqual([])
    const error = await provider.request({ method: 'solana_requestAccounts', params: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnauthorizedProviderError)
    expect(codeOf(error)).toBe(4100)
    expect(asked.map((a) => a.type)).toEqual(['IS_CONNECTED', 'IS_CONNECTED'])
  })

  it('emitAccounts tells every accountsChanged listener, even when one of them throws', () => {
    const { provider } = setup()
    const heard: unknown[] = []
    provider.on?.('accountsChanged', () => {
      throw new Error('the site’s listener')
    })
    provider.on?.('accountsChanged', (accounts: unknown) => heard.push(accounts))
    provider.emitAccounts([USER.address])
    expect(heard).toEqual([[USER.address]])
  })
})

describe('the embedded provider: wallet_switchEthereumChain', () => {
  it('asks the frame for SWITCH_NETWORK, emits chainChanged with the hex id, and later requests carry the new chain', async () => {
    const { asked, rpc, provider, call } = setup({ SWITCH_NETWORK: (payload) => payload })
    const changes: unknown[] = []
    provider.on?.('chainChanged', (id: unknown) => changes.push(id))
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })).resolves.toBeNull()
    expect(asked[0]).toMatchObject({ type: 'SWITCH_NETWORK', payload: { chainId: 137 } })
    expect(changes).toEqual(['0x89'])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x89')
    call('eth_blockNumber')
    await settle()
    expect(rpc()[0]!.payload).toEqual({ method: 'eth_blockNumber', chainId: 137 })
  })

  it('to the current chain: null, no frame call, no event; an unreadable chain id: -32602', async () => {
    const { asked, provider } = setup({ SWITCH_NETWORK: (payload) => payload })
    const changes: unknown[] = []
    provider.on?.('chainChanged', (id: unknown) => changes.push(id))
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 1 }] })).resolves.toBeNull()
    for (const params of [[{ chainId: 'polygon' }], [{}], [], undefined, [{ chainId: -1 }]]) {
      const error = await provider.request({ method: 'wallet_switchEthereumChain', params }).catch((e: unknown) => e)
      expect(codeOf(error)).toBe(-32602)
    }
    expect(asked).toEqual([])
    expect(changes).toEqual([])
  })

  it('a switch the frame refuses keeps its RPC code, and the chain is unchanged', async () => {
    const { asked, provider } = setup()
    const switching = track(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }))
    await settle()
    asked[0]!.reject(new FrameError('Unrecognized chain', { code: 4902 }))
    await settle()
    expect(switching.error).toBeInstanceOf(ProviderRpcError)
    expect(codeOf(switching.error)).toBe(4902)
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
  })
})

describe('the embedded provider: frame errors (SPEC §8)', () => {
  it('an RPC error of the frame keeps its code; a failure of the frame itself (no code) passes through as it is', async () => {
    const { rpc, call } = setup()
    const coded = call('eth_call', [{}])
    const timedOut = call('eth_estimateGas', [{}])
    await settle()
    rpc()[0]!.reject(new FrameError('execution reverted', { code: 3, data: '0x08c379a0' }))
    const failure = new FrameError('Embedded Wallet Request Timed Out', { failure: 'iframe_request_timeout' })
    rpc()[1]!.reject(failure)
    await settle()
    expect(coded.error).toBeInstanceOf(ProviderRpcError)
    expect(codeOf(coded.error)).toBe(3)
    expect((coded.error as Error).message).toBe('execution reverted')
    expect((coded.error as AirlockError).cause).toBeInstanceOf(FrameError)
    expect(timedOut.error).toBe(failure)
  })
})
