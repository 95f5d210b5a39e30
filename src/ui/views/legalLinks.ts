/**
 * The legal links of the Connect view (SPEC §3 termsConditionsUrl and privacyPolicyUrl): which
 * documents the site gave, and which may be linked (linkableUrl: a link opens the site's own page
 * in a new tab, so only a URL a visitor can safely be sent to). Any other is dropped with a warning
 * in the options' error style, once per page (issue 28 §4). The check runs here, in Connect's legal
 * chunk fetched only when the site gives a legal URL, not in resolveOptions: there it would add
 * 286 B gzip to index.js, over its budget.
 */

import { linkableUrl } from '../../validation/linkableUrl'
import { quote } from '../../validation/describeInput'

/** The refused URLs already warned about, so a redraw does not warn again. */
const warned = new Set<string>()

export interface LegalDocument {
  /** The site gave a URL for it that may be linked. */
  readonly given: boolean
  /** The URL to link, when linkableUrl accepts it. */
  readonly href: string | undefined
}

/**
 * The site's two documents: which it gave, and which may be linked.
 *
 * ```ts
 * legalLinks({ termsConditionsUrl: 'https://a.example/t', privacyPolicyUrl: 'javascript:x' })
 * // { terms: { given: true, href: 'https://a.example/t' }, privacy: { given: false, href: undefined } }, and a console warning
 * ```
 */
export function legalLinks(
  options: { readonly termsConditionsUrl: string | null; readonly privacyPolicyUrl: string | null } | null | undefined,
  warn: (message: string) => void = (message) => console.warn(message),
): {
  readonly terms: LegalDocument
  readonly privacy: LegalDocument
} {
  const of = (name: string, url: string | null | undefined): LegalDocument => {
    const href = linkableUrl(url)
    if (url && href === undefined && !warned.has(`${name} ${url}`)) {
      warned.add(`${name} ${url}`)
      warn(`Airlock: Invalid options: ${name}: expected an https: URL (or http: on a loopback host), got ${quote(url)}; the link is left out`)
    }
    return { given: Boolean(url) && href !== undefined, href }
  }
  return { terms: of('termsConditionsUrl', options?.termsConditionsUrl), privacy: of('privacyPolicyUrl', options?.privacyPolicyUrl) }
}
