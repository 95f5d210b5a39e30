/** SPEC §5 allowed-origins check with wildcard matching. */

/**
 * Origins that always pass (SPEC §5: localhost, pages.dev, vercel.app, ngrok and the secure
 * mobile hosts, which `isAllowedOrigin` callers add from `apiUrls.secureSite`), so previews and
 * local development work without listing each one.
 */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = Object.freeze([
  'http://localhost',
  'https://localhost',
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1',
  'https://127.0.0.1',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://*.ngrok.app',
  'https://*.ngrok.io',
])

/**
 * Whether an origin matches one pattern. A pattern with `*` matches any run of characters there
 * (so `*.vercel.app` matches `https://my-app.vercel.app`, and `https://*.example.com` matches
 * every subdomain); a pattern without one must be the same origin (`https://a.com/` and
 * `https://a.com` agree). Case is ignored, as it is in host names.
 *
 * ```ts
 * originMatches('https://preview-42.vercel.app', '*.vercel.app') // true
 * originMatches('https://vercel.app.evil.com', '*.vercel.app') // false
 * ```
 */
export function originMatches(origin: string, pattern: string): boolean {
  const subject = origin.toLowerCase()
  const wanted = pattern.trim().toLowerCase()
  if (wanted.includes('*')) {
    const source = wanted
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
      .join('.*')
    return new RegExp(`^${source}$`).test(subject)
  }
  try {
    return new URL(wanted).origin === subject
  } catch {
    return wanted === subject
  }
}

/**
 * SPEC §5: the origin must be in the project's allowed origins (or among the defaults).
 *
 * ```ts
 * isOriginAllowed('https://shop.example', ['https://shop.example']) // true
 * isOriginAllowed('https://other.example', ['https://shop.example']) // false
 * isOriginAllowed('http://localhost:5173', []) // true: a default
 * ```
 */
export function isOriginAllowed(origin: string, allowed: readonly string[], defaults: readonly string[] = DEFAULT_ALLOWED_ORIGINS): boolean {
  return [...allowed, ...defaults].some((pattern) => originMatches(origin, pattern))
}
