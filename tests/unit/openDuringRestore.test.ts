/**
 * `open()` right after a reload, while the stored connection is still being restored (issue 26
 * §5). SPEC §4: "at startup the status is connecting if the stored status is connected"; SPEC §2:
 * Account is "shown instead of Connect when an address is connected". A site that opens the modal
 * before the wallet has answered got Connect, and kept it after the restore connected. Here a real
 * instance reloads on the storage its first load wrote, with an announced EIP-1193 wallet that
 * answers the restore's account read only when the test lets it (a wallet slow to wake up).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum, polygon, type AirlockInstance } from '../../src/index'
import { memoryStorage, type StorageLike } from '../../src/kernel/deps'
import { fakeWallet, type FakeWallet } from '../support/eip1193Wallet'
import { announcingPage } from '../support/announcingPage'
import { until } from '../support/until'

const loaded: AirlockInstance[] = []
afterEach(() => {
  for (const airlock of loaded.splice(0)) airlock.destroy()
})

function load(wallet: FakeWallet, storage: StorageLike, scheduler?: VirtualTimeScheduler): AirlockInstance {
  const airlock = createAirlock(
    { projectId: 'test', networks: [ethereum, polygon], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' } },
    {
      deps: {
        storage,
        fetch: undefined,
        window: announcingPage(wallet, { name: 'Test Wallet', rdns: 'test.wallet' }),
        logger: { warn: () => undefined, error: () => undefined },
        ...(scheduler && { scheduler }),
      },
      connectors: { readerFor: () => undefined },
    },
  )
  loaded.push(airlock)
  return airlock
}

/** Storage after a first load connected the wallet (the page is then reloaded on it). */
async function storageAfterConnecting(): Promise<StorageLike> {
  const storage = memoryStorage()
  const first = load(fakeWallet(), storage)
  await first.connect('test.wallet')
  first.destroy()
  return storage
}

/** A wallet whose answer to the restore's silent account read waits for `answer()`. */
function lateWallet(accounts: readonly string[]) {
  const wallet = fakeWallet()
  let answer = (): void => undefined
  const answered = new Promise<void>((resolve) => (answer = resolve))
  const request = wallet.request.bind(wallet)
  let asked = false
  wallet.request = async (args) => {
    if (args.method !== 'eth_accounts') return request(args)
    asked = true
    await answered
    wallet.accounts = [...accounts]
    return request(args)
  }
  return { wallet, answer, asked: () => asked }
}

const view = (airlock: AirlockInstance) => airlock.getState().router.history.map((route) => route.view)
const status = (airlock: AirlockInstance) => airlock.getState().connection.status

describe('open() while the stored connection is being restored', () => {
  it('shows Account once the restore connects', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    const airlock = load(late.wallet, storage)
    expect(status(airlock)).toBe('connecting')
    await airlock.open()
    await until(late.asked)
    expect(view(airlock)).toEqual(['Connect'])
    late.answer()
    await until(() => status(airlock) === 'connected')
    expect(airlock.getState().router.open).toBe(true)
    expect(view(airlock)).toEqual(['Account'])
  })

  it('stays on Connect when the restore fails (the wallet has no account for the site any more)', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet([])
    const airlock = load(late.wallet, storage)
    await airlock.open()
    await until(late.asked)
    late.answer()
    await until(() => status(airlock) === 'disconnected')
    expect(airlock.getState().router.open).toBe(true)
    expect(view(airlock)).toEqual(['Connect'])
  })

  it('leaves a view the visitor moved to during the restore', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    const airlock = load(late.wallet, storage)
    await airlock.open()
    airlock._internal.dispatch({ type: 'ROUTER_PUSH', payload: { view: 'AllWallets' } })
    await until(late.asked)
    late.answer()
    await until(() => status(airlock) === 'connected')
    expect(view(airlock)).toEqual(['Connect', 'AllWallets'])
  })
})

describe('ready() after a reload', () => {
  it('settles only once the restore has settled, connected', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    const airlock = load(late.wallet, storage)
    let settled = false
    const ready = airlock.ready().then(() => (settled = true))
    await until(late.asked)
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    late.answer()
    await ready
    expect(status(airlock)).toBe('connected')
    expect(airlock.getState().connection.restoringNamespaces).toEqual([])
  })

  it('settles once a failed restore has left the visitor disconnected', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet([])
    const airlock = load(late.wallet, storage)
    const ready = airlock.ready()
    await until(late.asked)
    late.answer()
    await ready
    expect(status(airlock)).toBe('disconnected')
  })

  it('settles after 5 s of the instance’s time (its scheduler) when the wallet never answers the restore, which goes on; the modal follows it when it ends', async () => {
    const storage = await storageAfterConnecting()
    const late = lateWallet(['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    const scheduler = new VirtualTimeScheduler()
    const airlock = load(late.wallet, storage, scheduler)
    let settled = false
    const ready = airlock.ready().then(() => (settled = true))
    await until(late.asked)
    // Virtual time: 4,999 ms hold it, the 5,000th releases it at once (a real-time timer would not).
    scheduler.maxFrames = 4999
    scheduler.flush()
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    scheduler.maxFrames = 5000
    scheduler.flush()
    await until(() => settled, 1000)
    await ready
    expect(airlock.getState().connection.restoringNamespaces).toEqual(['eip155'])
    await airlock.open()
    expect(view(airlock)).toEqual(['Connect'])
    late.answer()
    await until(() => status(airlock) === 'connected')
    expect(view(airlock)).toEqual(['Account'])
  })

  it('settles without a stored connection, and again when asked after the restore', async () => {
    const fresh = load(fakeWallet(), memoryStorage())
    await fresh.ready()
    expect(status(fresh)).toBe('disconnected')

    const storage = await storageAfterConnecting()
    const airlock = load(fakeWallet(), storage)
    await until(() => status(airlock) === 'connected')
    await airlock.ready()
  })
})
