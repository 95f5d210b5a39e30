/**
 * Deep links to wallets that are not in the browser (SPEC §2): the catalog's `mobile_link`,
 * `desktop_link` and `webapp_link`, carrying the pairing URI, and the Solana-wallet redirect
 * rule. The catalog is remote input: only an https: link or a custom app scheme is ever opened.
 */
import type { WalletEntry } from '../../events/shapes/wallet'
import type { ChainNamespace } from '../../events/shapes/namespace'

/** Schemes never opened, whatever the catalog says. */
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:', 'ws:', 'wss:', 'ftp:', 'filesystem:'])

/** An app link from the catalog, if it is one we may open: https: or a custom app scheme. */
export function safeAppLink(link: string | null | undefined): string | undefined {
  if (typeof link !== 'string' || link.length === 0 || link.length > 512) return undefined
  const scheme = /^([a-z][a-z0-9+.-]{0,31}):/i.exec(link)?.[1]?.toLowerCase()
  if (!scheme || REFUSED_SCHEMES.has(`${scheme}:`)) return undefined
  if (scheme === 'https') {
    try {
      return new URL(link).protocol === 'https:' ? link : undefined
    } catch {
      return undefined
    }
  }
  // A custom scheme (`rainbow:`, `metamask://`): nothing in it may break out of the link.
  return /^[^\s"'<>\\]+$/.test(link) ? link : undefined
}

/**
 * The link that opens `appLink` with the pairing URI: a universal link gets `wc?uri=` as a path,
 * a custom scheme `//wc?uri=`.
 *
 * ```ts
 * pairingLink('https://rnbwapp.com', 'wc:ab…@2?…') // 'https://rnbwapp.com/wc?uri=wc%3Aab…'
 * pairingLink('rainbow:', 'wc:ab…@2?…')            // 'rainbow://wc?uri=wc%3Aab…'
 * ```
 */
export function pairingLink(appLink: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (appLink.startsWith('https:')) return `${appLink.endsWith('/') ? appLink : `${appLink}/`}wc?uri=${encoded}`
  const base = appLink.includes('://') ? appLink : `${appLink.replace(/:+$/, '')}://`
  return `${base.endsWith('/') ? base : `${base}/`}wc?uri=${encoded}`
}

export type DeepLinkKind = 'mobile' | 'desktop' | 'webapp'

export interface DeepLink {
  readonly kind: DeepLinkKind
  /** The app link as the catalog gives it: what storage remembers (SPEC §3 deep-link choice). */
  readonly base: string
  /** What opens it now, with this pairing's URI. */
  readonly href: (uri: string) => string
}

/** The deep links a catalog wallet offers on this device, safest first. */
export function walletDeepLinks(wallet: WalletEntry | undefined, isMobile: boolean): DeepLink[] {
  if (!wallet) return []
  const links: DeepLink[] = []
  const add = (kind: DeepLinkKind, link: string | null | undefined, href: (base: string, uri: string) => string) => {
    const base = safeAppLink(link)
    if (base) links.push({ kind, base, href: (uri) => href(base, uri) })
  }
  if (isMobile) add('mobile', wallet.mobile_link, pairingLink)
  else add('desktop', wallet.desktop_link, pairingLink)
  // A web app takes the URI as a query parameter of its own page.
  add('webapp', wallet.webapp_link?.startsWith('https:') ? wallet.webapp_link : undefined, (base, uri) => {
    const url = new URL(base)
    url.searchParams.set('uri', uri)
    return url.toString()
  })
  return links
}

/** The Solana wallets SPEC §2 names, and how each opens a page in its own browser. */
const SOLANA_BROWSE: readonly { readonly match: RegExp; readonly browse: (page: string, origin: string) => string }[] = [
  { match: /^phantom\b/i, browse: (page, origin) => `https://phantom.app/ul/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}` },
  { match: /^solflare\b/i, browse: (page, origin) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(page)}?ref=${encodeURIComponent(origin)}` },
  { match: /^coinbase\b/i, browse: (page) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}` },
]

/** The wallets that open a page in their own browser, by the namespace the rule applies to (SPEC §2: Solana). */
const BROWSE_IN_WALLET: Partial<Record<ChainNamespace, typeof SOLANA_BROWSE>> = { solana: SOLANA_BROWSE }

/**
 * The Solana-wallet redirect rule (SPEC §2): on a phone, with Solana the active namespace and the
 * wallet not injected, Phantom, Solflare and Coinbase open this page in their own browser (where
 * they are injected) instead of pairing through the relay. Undefined for any other namespace or
 * wallet.
 *
 * ```ts
 * browseLink('solana', 'Phantom', location) // 'https://phantom.app/ul/browse/…'
 * browseLink('eip155', 'Phantom', location) // undefined
 * ```
 */
export function browseLink(namespace: ChainNamespace | null, walletName: string, page: { href: string; origin: string }): string | undefined {
  const entry = (namespace ? BROWSE_IN_WALLET[namespace] : undefined)?.find((w) => w.match.test(walletName.trim()))
  return entry?.browse(page.href, page.origin)
}

/** Whether this browser is a phone or tablet, where deep links replace scanning. */
export function isMobileBrowser(nav: { userAgent?: string; maxTouchPoints?: number; userAgentData?: { mobile?: boolean } } | undefined): boolean {
  if (!nav) return false
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile
  const ua = nav.userAgent ?? ''
  if (/Android|iPhone|iPod|Mobile|IEMobile|Opera Mini/i.test(ua)) return true
  // iPadOS reports a desktop Safari user agent; its touch points give it away.
  return /Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1
}
