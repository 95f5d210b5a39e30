/** Deep links from the untrusted catalog: which are opened, and how the pairing URI is carried. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import { isMobileBrowser, pairingLink, safeAppLink, browseLink, walletDeepLinks } from './deepLinkRules'

const URI = 'wc:ab12@2?expiryTimestamp=1800000000&relay-protocol=irn&symKey=cd'

describe('safeAppLink', () => {
  it('opens https: universal links and custom app schemes only', () => {
    expect(safeAppLink('https://rnbwapp.com')).toBe('https://rnbwapp.com')
    expect(safeAppLink('rainbow://')).toBe('rainbow://')
    expect(safeAppLink('okex://main')).toBe('okex://main')
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript://x%0aalert(1)',
      'data:text/html,x',
      'http://wallet.example',
      'file:///etc/passwd',
      'vbscript:x',
      'blob:https://a/b',
      '',
      null,
      undefined,
      'no scheme',
      'evil://"><img',
      `x://${'a'.repeat(600)}`,
    ]) {
      expect(safeAppLink(bad)).toBeUndefined()
    }
  })

  it('rule: whatever the catalog says, an accepted link is https: or a scheme that is never a script, page or file', () => {
    fc.assert(
      fc.property(fc.string(), (link) => {
        const safe = safeAppLink(link)
        if (safe === undefined) return
        const scheme = safe.slice(0, safe.indexOf(':')).toLowerCase()
        expect(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'http', 'ws', 'wss', 'ftp', 'filesystem']).not.toContain(scheme)
        expect(safe).not.toMatch(/[\s"'<>\\]/)
      }),
      runs(),
    )
  })
})

describe('pairingLink', () => {
  it('puts the URI after wc?uri= on a universal link path or a custom scheme', () => {
    expect(pairingLink('https://rnbwapp.com', URI)).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(URI)}`)
    expect(pairingLink('https://link.trustwallet.com/', URI)).toBe(`https://link.trustwallet.com/wc?uri=${encodeURIComponent(URI)}`)
    expect(pairingLink('rainbow://', URI)).toBe(`rainbow://wc?uri=${encodeURIComponent(URI)}`)
    expect(pairingLink('rainbow:', URI)).toBe(`rainbow://wc?uri=${encodeURIComponent(URI)}`)
    expect(pairingLink('bnc://app.binance.com/cedefi/', URI)).toBe(`bnc://app.binance.com/cedefi/wc?uri=${encodeURIComponent(URI)}`)
  })

  it('rule: the URI comes back out of the link unchanged', () => {
    fc.assert(
      fc.property(fc.string(), (uri) => {
        const link = new URL(pairingLink('https://wallet.example/app', uri))
        expect(link.searchParams.get('uri')).toBe(uri)
      }),
      runs(),
    )
  })
})

describe('walletDeepLinks', () => {
  const wallet = { id: 'w', name: 'W', mobile_link: 'w://', desktop_link: 'wdesk://', webapp_link: 'https://app.w.example/connect' }
  it('offers the mobile link on phones, the desktop link elsewhere, and the web app on both', () => {
    expect(walletDeepLinks(wallet, true).map((l) => [l.kind, l.base])).toEqual([
      ['mobile', 'w://'],
      ['webapp', 'https://app.w.example/connect'],
    ])
    expect(walletDeepLinks(wallet, false).map((l) => l.kind)).toEqual(['desktop', 'webapp'])
    expect(walletDeepLinks(wallet, false)[1]?.href(URI)).toBe(`https://app.w.example/connect?uri=${encodeURIComponent(URI)}`)
    expect(walletDeepLinks({ id: 'x', name: 'X', mobile_link: 'javascript:alert(1)', webapp_link: 'http://insecure' }, true)).toEqual([])
    expect(walletDeepLinks(undefined, true)).toEqual([])
  })
})

describe('the Solana-wallet redirect rule', () => {
  const page = { href: 'https://shop.example/checkout?id=1', origin: 'https://shop.example' }
  it('sends Phantom, Solflare and Coinbase to their in-app browser with this page, and no one else', () => {
    expect(browseLink('solana', 'Phantom', page)).toBe(`https://phantom.app/ul/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(page.origin)}`)
    expect(browseLink('solana', 'Solflare', page)).toBe(
      `https://solflare.com/ul/v1/browse/${encodeURIComponent(page.href)}?ref=${encodeURIComponent(page.origin)}`,
    )
    expect(browseLink('solana', 'Coinbase Wallet', page)).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page.href)}`)
    expect(browseLink('solana', 'Backpack', page)).toBeUndefined()
    expect(browseLink('solana', 'Phantomless', page)).toBeUndefined()
    expect(browseLink('eip155', 'Phantom', page)).toBeUndefined()
    expect(browseLink(null, 'Phantom', page)).toBeUndefined()
  })
})

describe('isMobileBrowser', () => {
  it('reads client hints first, then the user agent, and spots iPadOS by its touch points', () => {
    expect(isMobileBrowser({ userAgentData: { mobile: true }, userAgent: 'X11' })).toBe(true)
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true)
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' })).toBe(true)
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(true)
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 })).toBe(false)
    expect(isMobileBrowser({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(false)
    expect(isMobileBrowser(undefined)).toBe(false)
  })
})
