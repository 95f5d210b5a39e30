/**
 * The native balance read (SPEC §3 balance, §5/§9 the 30 s block after a failure): read on a new
 * account or network, read again when the modal opens, and not again within 30 s of a failure.
 */
import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import type { ChainReader } from '../../chains/adapter'
import { fakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, settle, walletKernel } from '../../../tests/support/walletKernel'
import { BALANCE_RETRY_BLOCK_MS } from './balance'

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

async function connected(reader: ChainReader) {
  const setup = walletKernel(fakeWallet(), {}, reader)
  setup.kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID }))
  await settle(() => setup.kernel.getState().connection.status === 'connected')
  return setup
}

const balance = (kernel: ReturnType<typeof walletKernel>['kernel']) => kernel.getState().account.accounts.eip155.balance

describe('the native balance', () => {
  it('is read when the account connects, and read again each time the modal opens (funds may have moved)', async () => {
    const chain = scriptedReader()
    chain.answers.push('0xde0b6b3a7640000', '0x1bc16d674ec80000')
    const { kernel } = await connected(chain.reader)
    await settle(() => balance(kernel) === '1')
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle(() => balance(kernel) === '2')
    expect(balance(kernel)).toBe('2')
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
