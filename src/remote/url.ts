/**
 * Build a URL from a base, a path and query parameters; undefined values are left out, arrays are
 * comma-joined.
 *
 * ```ts
 * buildUrl('http://127.0.0.1:4001', '/getWallets', { page: 1, include: ['a', 'b'] })
 * // 'http://127.0.0.1:4001/getWallets?page=1&include=a%2Cb'
 * ```
 */
export function buildUrl(
  base: string,
  path: string,
  query: Readonly<Record<string, string | number | boolean | readonly string[] | undefined | null>> = {},
): string {
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`)
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return url.toString()
}
