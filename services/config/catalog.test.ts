import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { WALLETS, syntheticWallets, walletIcon, walletId } from './catalog.mjs'
import { STORE_FIELDS } from '../../src/events/shapes/storeFields'

const LINK = /^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)/
const UNSAFE = /^\s*(javascript|data|vbscript|file|http):/i
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

describe('the wallet catalog', () => {
  it('holds at least 36 well-known wallets with unique ids, names, image ids and rdns', () => {
    expect(WALLETS.length).toBeGreaterThanOrEqual(36)
    expect(new Set(WALLETS.map((w) => w.id)).size).toBe(WALLETS.length)
    expect(new Set(WALLETS.map((w) => w.name)).size).toBe(WALLETS.length)
    expect(new Set(WALLETS.map((w) => w.image_id)).size).toBe(WALLETS.length)
    const rdns = WALLETS.flatMap((w) => (w.rdns ? [w.rdns] : []))
    expect(rdns.length).toBeGreaterThanOrEqual(12)
    expect(new Set(rdns).size).toBe(rdns.length)
    for (const r of rdns) expect(r).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
  })

  it('derives every id from the name, stable across runs', () => {
    for (const w of WALLETS) {
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.id).toBe(
        createHash('sha256')
          .update('airlock-wallet:' + w.name)
          .digest('hex'),
      )
      expect(walletId(w.name)).toBe(w.id)
    }
  })

  it('names the wallets a user expects, with their EIP-6963 rdns', () => {
    const byName = new Map(WALLETS.map((w) => [w.name, w]))
    for (const name of ['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow', 'Phantom', 'Ledger Live', 'Safe', 'Keplr', 'Kraken Wallet']) {
      expect(byName.has(name), name).toBe(true)
    }
    expect(byName.get('MetaMask')?.rdns).toBe('io.metamask')
    expect(byName.get('Trust Wallet')?.rdns).toBe('com.trustwallet.app')
    expect(byName.get('Coinbase Wallet')?.rdns).toBe('com.coinbase.wallet')
    expect(byName.get('Rabby Wallet')?.rdns).toBe('io.rabby')
  })

  it('gives only https: or custom-scheme links, never javascript:, data: or plain http:', () => {
    for (const w of WALLETS) {
      expect(w.homepage, w.name).toMatch(/^https:\/\//)
      for (const link of [w.homepage, w.mobile_link, w.desktop_link, w.webapp_link]) {
        if (link === undefined) continue
        expect(link, w.name).toMatch(LINK)
        expect(link, w.name).not.toMatch(UNSAFE)
      }
      expect(w.webapp_link === undefined || w.webapp_link.startsWith('https://'), w.name).toBe(true)
    }
  })

  it('links wallets to their store pages (issue 28 §4): https: on the stores own hosts only', () => {
    const HOSTS: Record<string, string[]> = {
      chrome_store: ['chrome.google.com', 'chromewebstore.google.com'],
      firefox_store: ['addons.mozilla.org'],
      edge_store: ['microsoftedge.microsoft.com'],
      safari_store: ['apps.apple.com'],
      app_store: ['apps.apple.com'],
      play_store: ['play.google.com'],
    }
    expect([...STORE_FIELDS].sort()).toEqual(Object.keys(HOSTS).sort())
    const linked = WALLETS.filter((w) => STORE_FIELDS.some((field) => (w as unknown as Record<string, unknown>)[field] !== undefined))
    expect(linked.length).toBeGreaterThanOrEqual(20)
    for (const w of linked) {
      for (const field of STORE_FIELDS) {
        const link = (w as unknown as Record<string, string | undefined>)[field]
        if (link === undefined) continue
        const url = new URL(link)
        expect(url.protocol, `${w.name} ${field}`).toBe('https:')
        expect(HOSTS[field], `${w.name} ${field}`).toContain(url.host)
      }
    }
    const metaMask = WALLETS.find((w) => w.name === 'MetaMask')
    expect(metaMask?.chrome_store).toBe('https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn')
    expect(metaMask?.play_store).toBe('https://play.google.com/store/apps/details?id=io.metamask')
  })

  it('lists CAIP-2 chains for every wallet', () => {
    for (const w of WALLETS) {
      expect(w.chains.length, w.name).toBeGreaterThan(0)
      for (const chain of w.chains) expect(chain, w.name).toMatch(CAIP2)
    }
    const chains = new Set(WALLETS.flatMap((w) => w.chains))
    expect(chains).toContain('eip155:1')
    expect(chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(chains).toContain('bip122:000000000019d6689c085ae165831e93')
  })
})

describe('syntheticWallets', () => {
  it('makes the same entries every time, with the catalog shape and names that do not clash', () => {
    expect(syntheticWallets(3)).toEqual(syntheticWallets(3))
    const many = syntheticWallets(700)
    expect(many).toHaveLength(700)
    expect(many[0]?.name).toBe('Test Wallet 0001')
    expect(many[699]?.name).toBe('Test Wallet 0700')
    const ids = new Set([...WALLETS, ...many].map((w) => w.id))
    expect(ids.size).toBe(WALLETS.length + 700)
    for (const w of many) {
      expect(w.id).toBe(walletId(w.name))
      expect(w.image_id).toBe(w.id)
      expect(w.chains.length).toBeGreaterThan(0)
    }
    expect(syntheticWallets(0)).toEqual([])
  })
})

describe('walletIcon', () => {
  it('draws a rounded square with the initials and nothing active', () => {
    const svg = walletIcon(walletId('MetaMask'), 'MetaMask')
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toMatch(/<rect [^>]*rx="/)
    expect(svg).toContain('>M</text>')
    expect(walletIcon(walletId('Trust Wallet'), 'Trust Wallet')).toContain('>TW</text>')
    expect(svg).not.toMatch(/<script|href|on\w+=|url\(|<foreignObject/i)
  })

  it('takes its colour from the id: the same id gives the same icon', () => {
    expect(walletIcon('a', 'X')).toBe(walletIcon('a', 'X'))
    const colours = new Set(WALLETS.map((w) => /fill="(hsl\([^"]+\))"/.exec(walletIcon(w.id, w.name))?.[1]))
    expect(colours.size).toBeGreaterThan(10)
  })

  it('escapes a hostile name', () => {
    for (const name of ['<script>alert(1)</script> Wallet', '& <b', '"quoted" \'single\'', '<< >>']) {
      const svg = walletIcon('x', name)
      expect(svg, name).not.toContain('<script')
      expect(svg, name).not.toMatch(/<text[^>]*>[^<]*[<>"'][^<]*<\/text>/)
      expect(svg.match(/<text/g)).toHaveLength(1)
    }
    expect(walletIcon('x', '<script>alert(1)</script> Wallet')).toContain('&lt;W</text>')
    expect(walletIcon('x', '& <b')).toContain('&amp;&lt;</text>')
  })
})
