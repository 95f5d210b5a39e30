/**
 * Wallet Standard discovery happens on the instance's own window: the wallets registered there,
 * before and after discovery starts, and none of another window's. Before, discovery read
 * `@wallet-standard/app`'s one list per realm, bound to the global `window` of its first call, so
 * a second window's wallets were never found (and a test that ran after another saw its wallets).
 */
import { describe, expect, it } from 'vitest'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { testWindow } from '../../../tests/support/testWindow'
import { discoverStandardWallets, type StandardWallet } from './discover'
import { solanaStandard } from './solana'

/** RFC 8032's first ed25519 test key: public, worthless. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const LOCAL = 'solana:localnet'

async function wallet(win: Window, name: string) {
  const address = await solanaTestWalletAddress(SEED)
  return registerSolanaTestWallet(win, { secretKey: SEED, address, rpcUrl: 'http://127.0.0.1:9', chains: [LOCAL], name })
}

function discover(win: Window) {
  const found: StandardWallet[] = []
  const stop = discoverStandardWallets(win, [solanaStandard], (w) => found.push(w))
  return { ids: () => found.map((w) => w.connector.id), stop }
}

describe('discoverStandardWallets', () => {
  it("finds the wallets of its own window, registered before and after it starts, and none of another window's", async () => {
    const mine = testWindow()
    const other = testWindow()
    await wallet(mine, 'Early')
    await wallet(other, 'Elsewhere')
    const onMine = discover(mine)
    const onOther = discover(other)
    await wallet(mine, 'Late')
    expect(onMine.ids()).toEqual(['wallet-standard.solana.early', 'wallet-standard.solana.late'])
    expect(onOther.ids()).toEqual(['wallet-standard.solana.elsewhere'])
    onMine.stop()
    onOther.stop()
  })

  it('lists a wallet once however often it registers, and stops listening when stopped', async () => {
    const win = testWindow()
    const found = discover(win)
    await wallet(win, 'Twice')
    await wallet(win, 'Twice')
    expect(found.ids()).toEqual(['wallet-standard.solana.twice'])
    found.stop()
    await wallet(win, 'After')
    expect(found.ids()).toEqual(['wallet-standard.solana.twice'])
  })

  it('ignores a register-wallet event whose detail is not a callback, and a callback that throws', async () => {
    const win = testWindow()
    const found = discover(win)
    expect(() => win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'not a function' }))).not.toThrow()
    const throwing = () => {
      throw new Error('hostile')
    }
    expect(() => win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: throwing }))).not.toThrow()
    await wallet(win, 'Honest')
    expect(found.ids()).toEqual(['wallet-standard.solana.honest'])
    found.stop()
  })
})
