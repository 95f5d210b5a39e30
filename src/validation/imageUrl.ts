/**
 * Whether an image URL may be shown (always through `<img src>`, where an SVG's scripts do not run):
 * a data: image, an https: URL, or one under `trustedBase` (the site's own config or Blockchain API).
 * Here (not in the UI) so the headless API's wallet list (src/core/connect/headlessSelectors.ts) hands a site
 * only icons it may show, as the modal does.
 *
 * ```ts
 * isSafeImageUrl('javascript:alert(1)') // false
 * ```
 */
export function isSafeImageUrl(url: string | null | undefined, trustedBase?: string): url is string {
  if (!url) return false
  if (/^data:image\//i.test(url)) return true
  try {
    const parsed = new URL(url)
    if (parsed.protocol === 'https:') return true
    return trustedBase !== undefined && url.startsWith(trustedBase.endsWith('/') ? trustedBase : `${trustedBase}/`)
  } catch {
    return false
  }
}
