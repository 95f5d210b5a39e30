import { describe, expect, it } from 'vitest'
import { legalLinks } from './legalLinks'
import { linkableUrl } from '../../validation/linkableUrl'
import { guideWallets } from '../../core/walletCatalog/guideSelectors'

describe('linkableUrl: a legal link or a wallet homepage is linked only when a visitor can safely be sent there', () => {
  it('links https: anywhere and http: on a loopback host only', () => {
    expect(linkableUrl('https://shop.example/terms')).toBe('https://shop.example/terms')
    expect(linkableUrl('http://127.0.0.1:8080/terms.html')).toBe('http://127.0.0.1:8080/terms.html')
    expect(linkableUrl('http://localhost/privacy')).toBe('http://localhost/privacy')
    expect(linkableUrl('http://shop.example/terms')).toBeUndefined()
  })

  it('refuses script, data and relative URLs, and what is not a URL', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>x</script>',
      '/terms',
      'terms.html',
      'ftp://a.example/t',
      '',
      null,
      undefined,
    ]) {
      expect(linkableUrl(url)).toBeUndefined()
    }
  })
})

describe('legalLinks', () => {
  it('says which documents the site gave that may be linked', () => {
    const warnings: string[] = []
    const warn = (message: string) => void warnings.push(message)
    expect(legalLinks({ termsConditionsUrl: 'https://a.example/t', privacyPolicyUrl: 'javascript:x' }, warn)).toEqual({
      terms: { given: true, href: 'https://a.example/t' },
      privacy: { given: false, href: undefined },
    })
    expect(legalLinks({ termsConditionsUrl: null, privacyPolicyUrl: 'https://a.example/p' }, warn)).toEqual({
      terms: { given: false, href: undefined },
      privacy: { given: true, href: 'https://a.example/p' },
    })
    expect(legalLinks(null, warn)).toEqual({ terms: { given: false, href: undefined }, privacy: { given: false, href: undefined } })
  })

  it('drops a URL a visitor may not be sent to with a warning in the options’ error style, once per URL', () => {
    const warnings: string[] = []
    const warn = (message: string) => void warnings.push(message)
    const options = { termsConditionsUrl: 'http://shop.example/terms', privacyPolicyUrl: 'data:text/html,x' }
    legalLinks(options, warn)
    legalLinks(options, warn)
    expect(warnings).toEqual([
      'Airlock: Invalid options: termsConditionsUrl: expected an https: URL (or http: on a loopback host), got "http://shop.example/terms"; the link is left out',
      'Airlock: Invalid options: privacyPolicyUrl: expected an https: URL (or http: on a loopback host), got "data:text/html,x"; the link is left out',
    ])
    legalLinks({ termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'http://localhost/privacy' }, warn)
    expect(warnings).toHaveLength(2)
  })
})

describe('guideWallets: the wallet guide lists each catalog wallet once, featured first, with a linkable homepage, none the site excluded', () => {
  const metaMask = { id: 'mm', name: 'MetaMask', homepage: 'https://metamask.io' }
  const rainbow = { id: 'rb', name: 'Rainbow', homepage: 'https://rainbow.me' }
  const zerion = { id: 'zr', name: 'Zerion', homepage: 'https://zerion.io' }
  const noSite = { id: 'ns', name: 'No Site' }
  const badSite = { id: 'bs', name: 'Bad Site', homepage: 'javascript:alert(1)' }

  it('orders featured, recommended, then the loaded pages, each wallet once', () => {
    const list = guideWallets({ featured: [rainbow], recommended: [metaMask, rainbow], filteredWallets: [zerion, metaMask], excludedWallets: [] })
    expect(list.map((g) => g.wallet.name)).toEqual(['Rainbow', 'MetaMask', 'Zerion'])
    expect(list.map((g) => g.href)).toEqual(['https://rainbow.me/', 'https://metamask.io/', 'https://zerion.io/'])
    expect(list.map((g) => g.stores)).toEqual([[], [], []])
  })

  it('leaves out a wallet without a homepage, with one that cannot be linked, or that the site excluded (by id or name)', () => {
    const list = guideWallets({ featured: [noSite, badSite], recommended: [metaMask], filteredWallets: [zerion, rainbow], excludedWallets: ['zr', 'rainbow'] })
    expect(list.map((g) => g.wallet.name)).toEqual(['MetaMask'])
  })
})
