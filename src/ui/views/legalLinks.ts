/**
 * The legal links of the Connect view (SPEC §3 termsConditionsUrl and privacyPolicyUrl): which
 * documents the site gave, and which may be linked (linkableUrl: a link opens the site's own page
 * in a new tab, so only a URL a visitor can safely be sent to). The options already drop any other,
 * with a warning (resolveOptions, issue 28 §4); the check here guards what reaches the view.
 */

import { linkableUrl } from '../../validation/linkableUrl'

export interface LegalDocument {
  /** The site gave a URL for it. */
  readonly given: boolean
  /** The URL to link, when linkableUrl accepts it. */
  readonly href: string | undefined
}

/**
 * The site's two documents: which it gave, and which may be linked.
 *
 * ```ts
 * legalLinks({ termsConditionsUrl: 'https://a.example/t', privacyPolicyUrl: 'javascript:x' })
 * // { terms: { given: true, href: 'https://a.example/t' }, privacy: { given: true, href: undefined } }
 * ```
 */
export function legalLinks(options: { readonly termsConditionsUrl: string | null; readonly privacyPolicyUrl: string | null } | null | undefined): {
  readonly terms: LegalDocument
  readonly privacy: LegalDocument
} {
  const of = (url: string | null | undefined): LegalDocument => ({ given: Boolean(url), href: linkableUrl(url) })
  return { terms: of(options?.termsConditionsUrl), privacy: of(options?.privacyPolicyUrl) }
}
