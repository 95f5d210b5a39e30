/**
 * Whether a URL from outside (a site's legal documents, a catalog wallet's homepage) may be a link
 * the modal opens in a new tab: https:, or http: on a loopback host (a site in local development,
 * the demo). Never javascript:, data:, a relative URL, or plain http: to another host.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * `url` when it may be linked, else undefined (a javascript:, data: or relative URL, plain http:
 * to another host, or something that is not a URL).
 *
 * ```ts
 * linkableUrl('https://shop.example/terms') // 'https://shop.example/terms'
 * linkableUrl('javascript:alert(1)')        // undefined
 * ```
 */
export function linkableUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))) return parsed.href
  return undefined
}
