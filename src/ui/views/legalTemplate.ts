/**
 * The legal sentence of Connect (issue 28 §4) for the documents the site gave: a statement under
 * the ways to connect ("By connecting a wallet you agree to…"), or the checkbox's label ("I agree
 * to…", SPEC §9 "legal checkbox"). ConnectLegal fills it with the links; ConnectView, while that
 * chunk is on its way, with the documents' names as plain text, in the same place.
 *
 * ```ts
 * legalTemplate(strings, true, false, false) // strings.legalTerms
 * ```
 */
import type { Strings } from '../strings/en'

export function legalTemplate(strings: Strings, terms: boolean, privacy: boolean, agree: boolean): string {
  if (terms && privacy) return agree ? strings.agreeBoth : strings.legal
  if (terms) return agree ? strings.agreeTerms : strings.legalTerms
  return agree ? strings.agreePrivacy : strings.legalPrivacy
}
