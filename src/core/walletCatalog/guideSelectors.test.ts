import { describe, expect, it } from 'vitest'
import { guideWallets } from './guideSelectors'
import { STORE_FIELDS } from '../../events/shapes/storeFields'

const none = { featured: [], recommended: [], filteredWallets: [], excludedWallets: [] }

describe("guideWallets: each wallet's store pages (issue 28 §4), or its homepage when it has none", () => {
  const metaMask = {
    id: 'mm',
    name: 'MetaMask',
    homepage: 'https://metamask.io',
    play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
    chrome_store: 'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
    app_store: 'https://apps.apple.com/app/metamask/id1438144202',
  }
  const safe = { id: 'sf', name: 'Safe', homepage: 'https://safe.global' }

  it('lists the store pages in the stores’ order (extensions, then phones) and leaves the homepage out', () => {
    const [mm] = guideWallets({ ...none, recommended: [metaMask] })
    expect(mm?.stores).toEqual([
      { store: 'chrome_store', href: metaMask.chrome_store },
      { store: 'app_store', href: metaMask.app_store },
      { store: 'play_store', href: metaMask.play_store },
    ])
    expect(mm?.href).toBeUndefined()
    expect(STORE_FIELDS).toEqual(['chrome_store', 'firefox_store', 'edge_store', 'safari_store', 'app_store', 'play_store'])
  })

  it('keeps the homepage for a wallet without store pages', () => {
    expect(guideWallets({ ...none, featured: [safe] })).toEqual([{ wallet: safe, stores: [], href: 'https://safe.global/' }])
  })

  it('draws no store link that is not https: (an entry from storage or a site, not through the catalog codec), falling back to the homepage', () => {
    const odd = { id: 'od', name: 'Odd', homepage: 'https://odd.example', chrome_store: 'javascript:alert(1)', app_store: 'http://127.0.0.1/app' }
    expect(guideWallets({ ...none, filteredWallets: [odd] })).toEqual([{ wallet: odd, stores: [], href: 'https://odd.example/' }])
    const neither = { id: 'nn', name: 'Neither', homepage: 'javascript:x', play_store: 'data:text/html,x' }
    expect(guideWallets({ ...none, filteredWallets: [neither] })).toEqual([])
  })

  it("takes a wallet's store pages from a table by name when its entry has none (the bundled catalog's), the entry's own first", () => {
    const table = { Safe: { app_store: 'https://apps.apple.com/app/id1515759131' }, MetaMask: { app_store: 'https://apps.apple.com/app/other/id1' } }
    const list = guideWallets({ ...none, featured: [safe, metaMask] }, table)
    expect(list.map((g) => [g.wallet.name, g.stores.map((s) => s.href), g.href])).toEqual([
      ['Safe', ['https://apps.apple.com/app/id1515759131'], undefined],
      ['MetaMask', [metaMask.chrome_store, metaMask.app_store, metaMask.play_store], undefined],
    ])
    // A name like an Object property is no table entry.
    expect(guideWallets({ ...none, featured: [{ id: 'p', name: 'constructor', homepage: 'https://p.example' }] }, table)[0]?.stores).toEqual([])
  })
})
