/**
 * What a page or an extension tells us about a wallet is untrusted: names become plain text of a
 * sane length, and an icon is kept only as a data: image or an https: URL (shown through `<img>`,
 * which runs no script even in an SVG).
 */

/** The longest wallet name shown. */
export const MAX_WALLET_NAME_LENGTH = 48

/** The longest icon URL kept (a data: URL carries the whole image). */
export const MAX_ICON_URL_LENGTH = 200_000

/**
 * Collapse whitespace, drop control and bidirectional-override characters, and trim to
 * MAX_WALLET_NAME_LENGTH (with an ellipsis). An empty result is `undefined`.
 *
 * ```ts
 * sanitizeWalletName('  Demo\u202E Wallet\n') // 'Demo Wallet'
 * ```
 */
export function sanitizeWalletName(name: string): string | undefined {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (cleaned === '') return undefined
  const chars = Array.from(cleaned)
  return chars.length > MAX_WALLET_NAME_LENGTH
    ? `${chars
        .slice(0, MAX_WALLET_NAME_LENGTH - 1)
        .join('')
        .trimEnd()}…`
    : cleaned
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml|avif)(;[a-z0-9=.+-]+)*,/i

/**
 * Keep an icon only as a data: image URL or an https: URL; anything else (javascript:, http:,
 * data:text/html, relative paths) is dropped.
 *
 * ```ts
 * sanitizeIconUrl('data:image/svg+xml;base64,PHN2Zy8+') // kept
 * sanitizeIconUrl('javascript:alert(1)') // undefined
 * ```
 */
export function sanitizeIconUrl(icon: unknown): string | undefined {
  if (typeof icon !== 'string' || icon.length > MAX_ICON_URL_LENGTH) return undefined
  const trimmed = icon.trim()
  if (DATA_IMAGE.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    return url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}
