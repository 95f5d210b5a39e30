import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import {
  FEATURED_DEFAULT,
  PAGE_SIZE,
  RECENT_WALLETS_KEPT,
  RECOMMENDED_COUNT,
  SEARCH_ENTRIES,
  SEARCH_MIN_WAIT_MS,
  isBrowserWallet,
  isDuplicateOf,
  isExcluded,
  showBrowserWallet,
  visibleWallets,
  withoutDuplicates,
  withoutExcluded,
} from './visibility'

const browserWallet = { id: 'injected', name: 'Browser Wallet' }
const metamask = { id: 'c57ca95b', name: 'MetaMask', rdns: 'io.metamask' }
const rainbow = { id: '1ae92b26', name: 'Rainbow', rdns: 'me.rainbow' }
const trust = { id: '4622a2b2', name: 'Trust Wallet' }

describe('wallet visibility (SPEC §4)', () => {
  it('offers the SPEC §9 limits: 2 recent, 4 recommended, 4 featured, 40 per page, 100 search results, 300 ms search wait', () => {
    expect({ RECENT_WALLETS_KEPT, RECOMMENDED_COUNT, FEATURED_DEFAULT, PAGE_SIZE, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS }).toEqual({
      RECENT_WALLETS_KEPT: 2,
      RECOMMENDED_COUNT: 4,
      FEATURED_DEFAULT: 4,
      PAGE_SIZE: 40,
      SEARCH_ENTRIES: 100,
      SEARCH_MIN_WAIT_MS: 300,
    })
  })

  it('the generic Browser Wallet entry is hidden when not mobile (SPEC §4)', () => {
    expect(isBrowserWallet(browserWallet)).toBe(true)
    expect(showBrowserWallet(browserWallet, { isMobile: false, hasInstalledWallet: true })).toBe(false)
    expect(showBrowserWallet({ ...browserWallet, rdns: 'x.y' }, { isMobile: false, hasInstalledWallet: true })).toBe(false)
  })

  it('on mobile the Browser Wallet is hidden only if it has no identifier and no installed wallet exists (SPEC §4)', () => {
    expect(showBrowserWallet(browserWallet, { isMobile: true, hasInstalledWallet: false })).toBe(false)
    expect(showBrowserWallet(browserWallet, { isMobile: true, hasInstalledWallet: true })).toBe(true)
    expect(showBrowserWallet({ ...browserWallet, rdns: 'com.example' }, { isMobile: true, hasInstalledWallet: false })).toBe(true)
    expect(showBrowserWallet({ ...browserWallet, rdns: '' }, { isMobile: true, hasInstalledWallet: false })).toBe(false)
  })

  it('other wallets are never hidden by the Browser Wallet rule (SPEC §4)', () => {
    for (const isMobile of [true, false]) expect(showBrowserWallet(trust, { isMobile, hasInstalledWallet: false })).toBe(true)
  })

  it('excluded wallets are hidden, matched by identifier or by case-insensitive name (SPEC §4)', () => {
    expect(isExcluded(metamask, ['c57ca95b'])).toBe(true)
    expect(isExcluded(metamask, ['io.metamask'])).toBe(true)
    expect(isExcluded(metamask, ['METAMASK'])).toBe(true)
    expect(isExcluded(metamask, ['C57CA95B'])).toBe(false)
    expect(isExcluded(metamask, ['rainbow', 'meta'])).toBe(false)
    expect(withoutExcluded([metamask, rainbow, trust], ['trust wallet', '1ae92b26'])).toEqual([metamask])
  })

  it('withoutExcluded returns the same array when nothing is excluded', () => {
    const list = [metamask, rainbow]
    expect(withoutExcluded(list, [])).toBe(list)
    expect(withoutExcluded(list, ['nobody'])).toBe(list)
  })

  it('duplicates of recent or announced wallets are filtered out by id, explorer id and rdns (SPEC §4)', () => {
    const byId = { id: 'c57ca95b', name: 'Old MetaMask entry' }
    const byExplorer = { id: 'io.rainbow.connector', name: 'Rainbow', explorerId: '1ae92b26' }
    const byRdns = { id: 'other', name: 'Something', rdns: 'io.metamask' }
    expect(isDuplicateOf(metamask, [byId])).toBe(true)
    expect(isDuplicateOf(rainbow, [byExplorer])).toBe(true)
    expect(isDuplicateOf(metamask, [byRdns])).toBe(true)
    expect(isDuplicateOf(trust, [byId, byExplorer, byRdns])).toBe(false)
    expect(withoutDuplicates([metamask, rainbow, trust], { recent: [byId], announced: [byExplorer] })).toEqual([trust])
  })

  it('wallets without an rdns are not duplicates of each other by a missing rdns (SPEC §4)', () => {
    expect(isDuplicateOf({ id: 'a', name: 'A' }, [{ id: 'b', name: 'B' }])).toBe(false)
    expect(isDuplicateOf({ id: 'a', name: 'A', rdns: null }, [{ id: 'b', name: 'B', rdns: null }])).toBe(false)
  })

  it('visibleWallets applies every rule together (SPEC §4)', () => {
    const list = [browserWallet, metamask, rainbow, trust]
    const context = {
      isMobile: false,
      hasInstalledWallet: true,
      excluded: ['trust wallet'],
      recent: [],
      announced: [{ id: 'x', name: 'MM', rdns: 'io.metamask' }],
    }
    expect(visibleWallets(list, context)).toEqual([rainbow])
    expect(visibleWallets(list, { ...context, isMobile: true, excluded: [], announced: [] })).toBe(list)
  })

  it('the rules only ever remove wallets, and keep their order (SPEC §4)', () => {
    const wallet = fc.record({
      id: fc.string({ maxLength: 4 }),
      name: fc.constantFrom('Browser Wallet', 'A', 'b', 'B'),
      rdns: fc.option(fc.string({ maxLength: 3 })),
    })
    fc.assert(
      fc.property(
        fc.array(wallet, { maxLength: 8 }),
        fc.array(wallet, { maxLength: 3 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
        fc.boolean(),
        (list, announced, excluded, isMobile) => {
          const shown = visibleWallets(list, { isMobile, hasInstalledWallet: announced.length > 0, excluded, recent: [], announced })
          let cursor = 0
          for (const w of shown) {
            cursor = list.indexOf(w, cursor) + 1
            expect(cursor).toBeGreaterThan(0)
            expect(isExcluded(w, excluded)).toBe(false)
            expect(isDuplicateOf(w, announced)).toBe(false)
          }
        },
      ),
      runs(),
    )
  })
})
