/**
 * Whose page the frame is in. Chromium and Safari list every ancestor's origin in
 * `location.ancestorOrigins`, nearest first, which no page can forge; elsewhere the referrer's
 * origin stands in for the parent (the page's iframe sends `referrerpolicy="origin"`). A page that
 * sends no referrer there gets no frame: there would be no origin to check and none to post to.
 */

/** The ancestors' origins, nearest first; only http(s) origins (an opaque `null` one is nobody to talk to). */
export function ancestorOrigins(ancestors: ArrayLike<string> | undefined, referrer: string): string[] {
  const listed = ancestors ? Array.from(ancestors) : referrer ? [referrer] : []
  const origins: string[] = []
  for (const entry of listed) {
    const origin = URL.canParse(entry) ? new URL(entry).origin : 'null'
    // One opaque or odd ancestor makes the whole chain unknowable: refuse rather than skip it.
    if (!/^https?:\/\//.test(origin)) return []
    origins.push(origin)
  }
  return origins
}
