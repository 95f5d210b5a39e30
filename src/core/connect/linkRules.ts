/**
 * How a wallet link is opened, per browser (issue 28 §5: the in-app browsers people complain
 * about). A link can be opened three ways, and the wrong one loses the visitor:
 *
 * - `telegram`: inside a Telegram mini app, `Telegram.WebApp.openLink(url)`. The mini app's web
 *   view opens neither popups nor universal links itself; Telegram hands an https: link to the
 *   phone, which opens the wallet app (or its web app) outside Telegram. Only https: links: a
 *   custom scheme goes by `navigate`.
 * - `navigate`: `location.assign(url)`, the same tab. The in-app browsers of Instagram, Facebook,
 *   Messenger (and the like: LINE, TikTok, Snapchat, X/Twitter) and Opera Mini block or swallow
 *   `window.open`: a web app there opens in the same tab, as does every app link.
 * - `window`: `window.open(url, target)`, a full browser's way (Chrome, Safari, Samsung Internet,
 *   Opera, Firefox): an app link hands over this tab (`_self`), a web app opens beside the site
 *   (`_blank`, no opener, no referrer).
 */

/** A link's kind: an app link (universal or custom scheme) hands the tab over, a web app opens beside the site. */
export type LinkKind = 'app' | 'webapp'

export type LinkMethod = 'telegram' | 'navigate' | 'window'

/** What of the page the rule reads: the user agent, and Telegram's mini-app object when the page runs in one. */
export interface LinkBrowser {
  readonly userAgent: string
  readonly telegramOpenLink: boolean
}

/** In-app browsers that block or swallow `window.open` (their user agents carry these marks). */
const IN_APP =
  /\b(?:Instagram|FBAN|FBAV|FB_IAB|FBIOS|FB4A|MessengerForiOS|Line\/|musical_ly|BytedanceWebview|Snapchat|TwitterAndroid|Twitter for iPhone)\b|; wv\)|Opera Mini/i

/**
 * The method that opens `url` of `kind` in this browser.
 *
 * ```ts
 * linkMethod('https://link.trustwallet.com/wc?uri=…', 'app', { userAgent, telegramOpenLink: true }) // 'telegram'
 * linkMethod('trust://wc?uri=…', 'app', { userAgent: instagramUa, telegramOpenLink: false })        // 'navigate'
 * linkMethod('https://app.wallet/?uri=…', 'webapp', { userAgent: samsungUa, telegramOpenLink: false }) // 'window'
 * ```
 */
export function linkMethod(url: string, kind: LinkKind, browser: LinkBrowser): LinkMethod {
  const https = url.startsWith('https:')
  if (browser.telegramOpenLink) return https ? 'telegram' : 'navigate'
  if (IN_APP.test(browser.userAgent)) return 'navigate'
  return 'window'
}

/** The part of a window `openLink` uses. */
export interface LinkWindow {
  readonly navigator: { readonly userAgent: string }
  readonly location: { assign(url: string): void }
  open(url: string, target?: string, features?: string): unknown
  readonly Telegram?: { readonly WebApp?: { readonly openLink?: (url: string) => void } }
}

/** This window's browser as `linkMethod` reads it. */
export function linkBrowser(win: LinkWindow): LinkBrowser {
  return { userAgent: win.navigator.userAgent, telegramOpenLink: typeof win.Telegram?.WebApp?.openLink === 'function' }
}

/**
 * Opens `url` in `win` by this browser's method (`linkMethod`), and says which it used.
 *
 * ```ts
 * openLink(window, link.href(uri), link.kind === 'webapp' ? 'webapp' : 'app')
 * ```
 */
export function openLink(win: LinkWindow, url: string, kind: LinkKind): LinkMethod {
  const method = linkMethod(url, kind, linkBrowser(win))
  if (method === 'telegram') win.Telegram!.WebApp!.openLink!(url)
  else if (method === 'navigate') win.location.assign(url)
  else if (kind === 'webapp') win.open(url, '_blank', 'noopener,noreferrer')
  else win.open(url, '_self')
  return method
}
