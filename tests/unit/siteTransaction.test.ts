/**
 * `airlock.transactionSettled` (issue 26 §2): a site reports its own transaction, as the modal's
 * send, swap and on-ramp do (TRANSACTION_SETTLED, `kind: 'site'`), and the balances shown for that
 * chain are read again; a wrong shape throws SPEC §8's InvalidOptions-like error and changes
 * nothing. Sites had no way to: TRANSACTION_SETTLED is public, so `_internal.dispatch` refuses it.
 * On a real instance in Node, with an announced EIP-1193 wallet and a chain reader that counts the
 * balance reads.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { AirlockError, ErrorCategory, createAirlock, ethereum, polygon, type AirlockInstance, type PublicEvent } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import type { ChainReader } from '../../src/chains/adapter'
import { announcingPage } from '../support/announcingPage'
import { fakeWallet } from '../support/eip1193Wallet'
import { until } from '../support/until'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'

async function connected() {
  let reads = 0
  // The chain: each read of the native balance answers 1 ETH more than the last.
  const reader: ChainReader = {
    request: async (method) => (method === 'eth_getBalance' ? `0x${(BigInt(++reads) * 10n ** 18n).toString(16)}` : null),
    get: async () => null,
  }
  const airlock = createAirlock(
    { projectId: 'p', networks: [ethereum, polygon], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' } },
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: announcingPage(fakeWallet({ chainId: 1 }), { name: 'Test Wallet', rdns: 'test.wallet' }),
        logger: { warn: () => undefined, error: () => undefined },
      },
      connectors: { readerFor: () => reader },
    },
  )
  running.push(airlock)
  const events: PublicEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  await airlock.ready()
  await airlock.connect('test.wallet')
  await until(() => airlock.getState().account.accounts.eip155.balance === '1')
  return { airlock, events, reads: () => reads }
}

describe('airlock.transactionSettled', () => {
  it('publishes TRANSACTION_SETTLED of kind site, and the balance of the chain is read again at once', async () => {
    const { airlock, events, reads } = await connected()
    expect(reads()).toBe(1)
    airlock.transactionSettled({ namespace: 'eip155', chainId: '1', hash: HASH })
    expect(events.filter((e) => e.type === 'TRANSACTION_SETTLED').map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'TRANSACTION_SETTLED', payload: { namespace: 'eip155', chainId: '1', hash: HASH, kind: 'site' } },
    ])
    await until(() => airlock.getState().account.accounts.eip155.balance === '2')
    expect(reads()).toBe(2)
  })

  it('anything else in the object stays out of the public event', async () => {
    const { airlock, events } = await connected()
    airlock.transactionSettled({ namespace: 'eip155', chainId: '1', hash: HASH, kind: 'send', email: 'ada@example.com' } as never)
    expect(events.find((e) => e.type === 'TRANSACTION_SETTLED')?.payload).toEqual({ namespace: 'eip155', chainId: '1', hash: HASH, kind: 'site' })
  })

  it.each([
    ['a number as chain id', { namespace: 'eip155', chainId: 1, hash: HASH }],
    ['no hash', { namespace: 'eip155', chainId: '1' }],
    ['no namespace', { chainId: '1', hash: HASH }],
    ['no object', undefined],
  ])('%s throws an AirlockError of category INVALID_OPTIONS and changes nothing', async (_, value) => {
    const { airlock, events, reads } = await connected()
    const before = events.length
    const state = airlock.getState()
    let thrown: unknown
    try {
      airlock.transactionSettled(value as never)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AirlockError)
    expect(thrown).toMatchObject({ shortMessage: 'Invalid transaction: expected { namespace, chainId, hash }', category: ErrorCategory.INVALID_OPTIONS })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(events.length).toBe(before)
    expect(airlock.getState()).toBe(state)
    expect(reads()).toBe(1)
  })
})
