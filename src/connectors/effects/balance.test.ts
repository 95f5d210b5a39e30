/**
 * The native balance read (SPEC §3 balance and its cache keyed by address, §9 its 30 s lifetime,
 * §5/§9 the 30 s block after a failure): read on a new account or network, read again when the
 * modal opens once the cached read is 30 s old, at once after a transaction of the visitor's
 * settled on its chain, and not again within 30 s of a failure. Time is the kernel's virtual clock.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import type { ChainReader } from '../../chains/adapter'
import { fakeWallet, type FakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, settle, walletKernel } from '../../../tests/support/walletKernel'
import { transactionSettled } from '../../core/accountData/settled'
import { BALANCE_RETRY_BLOCK_MS, NATIVE_BALANCE_CACHE_MS } from './balance'

/** A chain whose balance answers are scripted: a hex quantity, or an error. */
function scriptedReader() {
  const answers: (string | Error)[] = []
  let reads = 0
  const reader: ChainReader = {
    async request(method) {
      if (method !== 'eth_getBalance') throw new Error(`unexpected ${method}`)
      reads += 1
      const answer = answers.shift() ?? '0x0'
      if (answer instanceof Error) throw answer
      return answer
    },
    get: async () => null,
  }
  return { reader, answers, reads: () => reads }
}

async function connected(reader: ChainReader, wallet: FakeWallet = fakeWallet()) {
  const setup = walletKernel(wallet, {}, reader)
  setup.kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID }))
  await settle(() => setup.kernel.getState().connection.status === 'connected')
  return setup
}

const balance = (kernel: ReturnType<typeof walletKernel>['kernel']) => kernel.getState().account.accounts.eip155.balance

describe('the native balance', () => {
  it('is read when the account connects; an opening of the modal within 30 s reads nothing (SPEC §9 cache), one after 30 s reads again', async () => {
    const chain = scriptedReader()
    chain.answers.push('0xde0b6b3a7640000', '0x1bc16d674ec80000')
    const { kernel, scheduler } = await connected(chain.reader)
    await settle(() => balance(kernel) === '1')
    expect(chain.reads()).toBe(1)
    const advance = (ms: number) => {
      scheduler.schedule(() => undefined, ms)
      scheduler.flush()
    }
    advance(NATIVE_BALANCE_CACHE_MS - 1)
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle()
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle()
    expect(chain.reads()).toBe(1)
    expect(balance(kernel)).toBe('1')
    advance(1)
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle(() => balance(kernel) === '2')
    expect(balance(kernel)).toBe('2')
    expect(chain.reads()).toBe(2)
  })

  it('a transaction of the visitor’s settled on its chain reads it again at once; one on another chain does not', async () => {
    const chain = scriptedReader()
    chain.answers.push('0xde0b6b3a7640000', '0x1bc16d674ec80000')
    const { kernel } = await connected(chain.reader)
    await settle(() => balance(kernel) === '1')
    kernel.dispatch(transactionSettled('eip155:137', '0xab', 'send'))
    await settle()
    expect(chain.reads()).toBe(1)
    kernel.dispatch(transactionSettled('eip155:1', '0xab', 'send'))
    await settle(() => balance(kernel) === '2')
    expect(balance(kernel)).toBe('2')
    expect(chain.reads()).toBe(2)
    // The fresh read is cached in turn: opening the modal now reads nothing.
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle()
    expect(chain.reads()).toBe(2)
  })

  it('is cached by address and chain: back on a network read within 30 s, the cached balance shows without a read', async () => {
    const chain = scriptedReader()
    chain.answers.push('0xde0b6b3a7640000', '0x29a2241af62c0000')
    const wallet = fakeWallet()
    const { kernel } = await connected(chain.reader, wallet)
    await settle(() => balance(kernel) === '1')
    await settle(() => wallet.listenerCount('chainChanged') > 0)
    wallet.moveTo(137)
    await settle(() => balance(kernel) === '3')
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    expect(chain.reads()).toBe(2)
    wallet.moveTo(1)
    await settle(() => kernel.getState().networks.activeCaipNetworkId === 'eip155:1' && balance(kernel) === '1')
    expect(balance(kernel)).toBe('1')
    expect(chain.reads()).toBe(2)
  })

  it('after a failed read, opening the modal does not read again for 30 s; after that it does', async () => {
    const chain = scriptedReader()
    chain.answers.push(new Error('node down'), '0xde0b6b3a7640000')
    const { kernel, scheduler } = await connected(chain.reader)
    await settle(() => kernel.getState().notifications.variant === 'error')
    expect(kernel.getState().notifications.variant).toBe('error')
    expect(chain.reads()).toBe(1)
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle()
    expect(chain.reads()).toBe(1)
    scheduler.schedule(() => undefined, BALANCE_RETRY_BLOCK_MS)
    scheduler.flush()
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle(() => balance(kernel) === '1')
    expect(chain.reads()).toBe(2)
  })
})
