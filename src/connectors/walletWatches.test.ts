import { describe, expect, it } from 'vitest'
import { eip155Adapter } from '../chains/eip155/adapter'
import type { WalletProvider } from '../chains/adapter'
import { ADDRESS_A, ADDRESS_B, fakeWallet } from '../../tests/support/eip1193Wallet'
import { createWalletWatches, withWalletWatch, type WalletEvent } from './walletWatches'
import { firstValueFrom } from 'rxjs'

describe('wallet watches (attach first)', () => {
  it('keeps the events that come before the follower, then delivers them in order and the next ones as they come', () => {
    const wallet = fakeWallet()
    const watches = createWalletWatches()
    const held = watches.hold('eip155', wallet, eip155Adapter)
    wallet.moveTo(137)
    wallet.setAccounts([ADDRESS_B])
    const seen: WalletEvent[] = []
    const follower = watches.join('eip155', wallet)
    follower?.events$.subscribe((event) => seen.push(event))
    wallet.emit('disconnect')
    expect(seen).toEqual([{ type: 'chainChanged', chainReference: '137' }, { type: 'accountsChanged', addresses: [ADDRESS_B] }, { type: 'disconnect' }])
    held.release()
    follower?.release()
  })

  it('an event the wallet sends while the kept ones are delivered comes after them', () => {
    const wallet = fakeWallet()
    const watches = createWalletWatches()
    const held = watches.hold('eip155', wallet, eip155Adapter)
    wallet.moveTo(137)
    const seen: string[] = []
    held.events$.subscribe((event) => {
      seen.push(event.type === 'chainChanged' ? event.chainReference : event.type)
      // The wallet answers the first event with another, at once.
      if (seen.length === 1) wallet.moveTo(8453)
    })
    wallet.moveTo(1)
    expect(seen).toEqual(['137', '8453', '1'])
    held.release()
  })

  it('one listener per wallet and namespace however many hold it; it stops when the last lets go', () => {
    const wallet = fakeWallet()
    const watches = createWalletWatches()
    const first = watches.hold('eip155', wallet, eip155Adapter)
    const second = watches.hold('eip155', wallet, eip155Adapter)
    const joined = watches.join('eip155', wallet)
    expect(wallet.listenerCount('chainChanged')).toBe(1)
    first.release()
    first.release()
    second.release()
    expect(wallet.listenerCount('chainChanged')).toBe(1)
    joined?.release()
    expect(wallet.listenerCount('chainChanged')).toBe(0)
    expect(watches.join('eip155', wallet)).toBeUndefined()
  })

  it('a wallet whose `on` throws can still be held, with no events', () => {
    const hostile: WalletProvider = {
      request: async () => [ADDRESS_A],
      on() {
        throw new Error('no listeners here')
      },
    }
    const watches = createWalletWatches()
    expect(() => watches.hold('eip155', hostile, eip155Adapter).release()).not.toThrow()
  })

  it('withWalletWatch listens before the request and lets go after the answer', async () => {
    const wallet = fakeWallet()
    const runtime = { watches: createWalletWatches(), loadAdapter: async () => eip155Adapter }
    let listeningWhenAsked = -1
    const answer = await firstValueFrom(
      withWalletWatch(runtime, 'eip155', wallet, async (adapter) => {
        listeningWhenAsked = wallet.listenerCount('accountsChanged')
        return adapter.connect(wallet)
      }),
    )
    expect(listeningWhenAsked).toBe(1)
    expect(answer.addresses).toEqual([ADDRESS_A])
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
  })

  it('withWalletWatch fails with ChainAdapterNotFoundError when the build has no adapter', async () => {
    const runtime = { watches: createWalletWatches(), loadAdapter: async () => undefined }
    await expect(firstValueFrom(withWalletWatch(runtime, 'solana', fakeWallet(), async () => 1))).rejects.toMatchObject({ name: 'ChainAdapterNotFoundError' })
  })
})
