/**
 * The bundled wallet catalog (src/remote/config/bundled) answers /getWallets as the reference
 * service (services/config) does, from the same wallets and with the same icons, so a site that
 * moves from one to the other sees the same list. The one difference is chains: the bundled
 * catalog matches a chain by its namespace (see query.ts).
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../property/settings'
import { BUNDLED_WALLETS } from '../../src/remote/config/bundled/wallets'
import { queryBundledWallets } from '../../src/remote/config/bundled/query'
import { monogramSvg } from '../../src/remote/config/bundled/icon'
import { WALLETS, walletIcon } from '../../services/config/catalog.mjs'
import { queryWallets } from '../../services/config/server.mjs'

const ids = (list: readonly { id: string }[]) => list.map((w) => w.id)
const SVG_DATA = 'data:image/svg+xml;charset=utf-8,'

describe('the bundled catalog', () => {
  it("holds the service's 20–40 well-known wallets: same ids, names, rdns and links", () => {
    expect(BUNDLED_WALLETS.length).toBeGreaterThanOrEqual(20)
    expect(BUNDLED_WALLETS.length).toBeLessThanOrEqual(40)
    expect(BUNDLED_WALLETS.map(({ id, name, rdns, mobile_link, webapp_link }) => ({ id, name, rdns, mobile_link, webapp_link }))).toEqual(
      WALLETS.map(({ id, name, rdns, mobile_link, webapp_link }) => ({ id, name, rdns, mobile_link, webapp_link })),
    )
  })

  it("draws each icon as the service's /getWalletImage does, as a data: SVG URL with nothing active", () => {
    const { data } = queryBundledWallets(BUNDLED_WALLETS, { page: 1, entries: 100 })
    data.forEach((entry, i) => {
      const wallet = WALLETS[i]!
      expect(entry.image_url?.startsWith(SVG_DATA)).toBe(true)
      const svg = decodeURIComponent(entry.image_url!.slice(SVG_DATA.length))
      expect(svg).toBe(walletIcon(wallet.id, wallet.name))
      expect(svg).not.toMatch(/<script|href|on\w+=|url\(|<foreignObject/i)
    })
    expect(monogramSvg(10, '<b> & "x"')).toContain('>&lt;&amp;</text>')
  })

  it('pages, searches, includes and excludes exactly as the service does', () => {
    const id = fc.constantFrom(...WALLETS.map((w) => w.id))
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.uniqueArray(id, { maxLength: 6 }), { nil: undefined }),
        fc.uniqueArray(id, { maxLength: 6 }),
        fc.option(fc.constantFrom('wallet', 'RA', ' m', 'zz', 'a'), { nil: undefined }),
        (page, entries, include, exclude, search) => {
          const ours = queryBundledWallets(BUNDLED_WALLETS, { page, entries, include, exclude, search })
          const theirs = queryWallets(WALLETS, {
            page: String(page),
            entries: String(entries),
            include: include?.join(','),
            exclude: exclude.join(','),
            search,
          })
          expect(ids(ours.data)).toEqual(ids(theirs.data))
          expect(ours.count).toBe(theirs.count)
        },
      ),
      runs(),
    )
  })

  it('matches a chain by its namespace: an EVM wallet serves any eip155 chain a site configures', () => {
    const zkSync = queryBundledWallets(BUNDLED_WALLETS, { page: 1, entries: 100, chains: ['eip155:324'] })
    expect(zkSync.data.map((w) => w.name)).toContain('MetaMask')
    expect(zkSync.data.map((w) => w.name)).not.toContain('Solflare')
    const bitcoin = queryBundledWallets(BUNDLED_WALLETS, { page: 1, entries: 100, chains: ['bip122:000000000019d6689c085ae165831e93'] })
    expect(bitcoin.data.map((w) => w.name)).toContain('Xverse')
    expect(bitcoin.data.map((w) => w.name)).not.toContain('MetaMask')
    expect(queryBundledWallets(BUNDLED_WALLETS, { page: 1, entries: 100, badgeType: 'certified' }).count).toBe(0)
  })
})
