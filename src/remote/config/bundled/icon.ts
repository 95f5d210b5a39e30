/**
 * The bundled catalog's icons: a rounded square in the wallet's hue with its initials, drawn here
 * as a data: SVG URL — the same picture services/config serves at /getWalletImage, no wallet's
 * artwork. An `<img>` never runs an SVG's scripts, and this one has none.
 */

const ESCAPES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' }

/** Up to two initials, upper-cased and escaped for XML text. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
    .replace(/[<>&'"]/g, (c) => ESCAPES[c] ?? c)
}

/**
 * The SVG text of a monogram icon.
 *
 * ```ts
 * monogramSvg(210, 'Trust Wallet') // '<svg …><rect … fill="hsl(210 62% 46%)"/><text …>TW</text></svg>'
 * ```
 */
export function monogramSvg(hue: number, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="hsl(${hue} 62% 46%)"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`
}

/**
 * The monogram as a data: URL, for `image_url`.
 *
 * ```ts
 * monogramUrl(210, 'Trust Wallet') // 'data:image/svg+xml;charset=utf-8,%3Csvg…'
 * ```
 */
export function monogramUrl(hue: number, name: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(monogramSvg(hue, name))}`
}
