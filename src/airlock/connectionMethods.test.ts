/**
 * Issue 27 §3: the instance's connect when the failure mappings' chunk (src/core/connection/failures.ts)
 * cannot be fetched, as offline in a page where no request failed before. Here its import fails as
 * a browser's does (the module's load throws "Failed to fetch dynamically imported module"); the
 * kernel, the connector effects, the eip155 adapter and the wallet are real
 * (tests/support/connectorKernel.ts). The site's promise rejects with the error the mappings make
 * (same class, message, code and details, compared with the real mappings), never the import's.
 */
import { describe, expect, it, vi } from 'vitest'
import { createEvent } from '../kernel/registry'
import { ConnectionFailedError } from '../kernel/errors/connection'
import { UserRejectedRequestError } from '../kernel/errors/provider'
import type { WalletProvider } from '../chains/adapter'
import { connectionMethods, type Failures } from './connectionMethods'
import { fakeWallet } from '../../tests/support/eip1193Wallet'
import { connectorKernel } from '../../tests/support/connectorKernel'

vi.mock('../core/connection/failures', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/chunks/failures-X.js')
})

const EVM = 'fake.evm'

/** What a site reads of an error. */
const seen = (error: unknown) => {
  const e = error as { name: string; message: string; code?: unknown; details?: unknown }
  return { name: e.name, message: e.message, code: e.code, details: e.details }
}

/** The site's connect to `wallet`, and what it rejected with. */
async function connectTo(wallet: WalletProvider): Promise<unknown> {
  const { kernel } = connectorKernel({ providers: { [EVM]: wallet }, connectors: [{ id: EVM, name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' }] })
  return connectionMethods(kernel)
    .connect(EVM)
    .then(
      () => 'connected',
      (error: unknown) => error,
    )
}

const mappings = () => vi.importActual<Failures>('../core/connection/failures')

describe('connect, the failure mappings’ chunk unreachable', () => {
  it('the chunk cannot be loaded here (the set-up this file stands on)', async () => {
    await expect(import('../core/connection/failures')).rejects.toThrow()
  })

  it('the visitor declines (4001): UserRejectedRequestError "User rejected the request.", code 4001, as the mappings make it', async () => {
    const wallet = fakeWallet({ chainId: 1 })
    wallet.declines.add('eth_requestAccounts')
    const error = await connectTo(wallet)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(seen(error)).toMatchObject({ message: 'User rejected the request.', code: 4001 })
    const mapped = (await mappings()).connectFailure(createEvent('USER_REJECTED', { message: 'User rejected the request.' }))
    expect(seen(error)).toEqual(seen(mapped))
  })

  it('the wallet fails: ConnectionFailedError "Connection failed", the wallet’s words in details, as the mappings make it', async () => {
    const wallet = fakeWallet({ chainId: 1 })
    const failing: WalletProvider = {
      ...wallet,
      request: async (args) => {
        if (args.method === 'eth_requestAccounts') throw Object.assign(new Error('Already processing eth_requestAccounts'), { code: -32002 })
        return wallet.request(args)
      },
    }
    const error = await connectTo(failing)
    expect(error).toBeInstanceOf(ConnectionFailedError)
    expect(seen(error)).toMatchObject({ message: 'Connection failed', details: 'Already processing eth_requestAccounts' })
    const mapped = (await mappings()).connectFailure(createEvent('CONNECT_ERROR', { message: 'Already processing eth_requestAccounts' }))
    expect(seen(error)).toEqual(seen(mapped))
  })
})
