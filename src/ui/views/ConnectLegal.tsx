/**
 * The site's legal links under Connect (SPEC §3 termsConditionsUrl, privacyPolicyUrl; issue 28 §4),
 * a chunk of its own that ConnectView fetches only when the site gives one. ConnectView draws the
 * ways to connect itself, in one box that stays mounted when this chunk arrives (an email being
 * typed is kept), and LegalPart beside them. Without `checkbox`: a statement under them ("By
 * connecting a wallet you agree to…"). With it (SPEC §9 "legal checkbox"): above them the checkbox,
 * labelled "I agree to…", which ConnectView's box of the ways to connect names as its description
 * (`id`), the ways inert (not clickable, not focusable, out of the accessibility tree) until the
 * visitor ticks it; while it is not ticked a hint says why the wallets wait, and describes the
 * checkbox. The tick lasts the page's life (consent.ts). Each link opens the site's page in a new tab
 * without opener or referrer; a URL linkableUrl refuses is dropped, with a console warning (legalLinks).
 */
import type { ReactNode } from 'react'
import { useAirlockState } from '../react/useAirlockState'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import type { Strings } from '../strings/en'
import { fillNodes } from '../components/fillNodes'
import { legalLinks } from './legalLinks'
import { legalTemplate } from './legalTemplate'
import { useConsent } from './consent'

export interface LegalPartProps {
  /** SPEC §9 "legal checkbox": the ways to connect wait for the visitor's tick. */
  readonly checkbox: boolean
  /** The checkbox's id, which the ways to connect's box names as its description. */
  readonly id: string
}

type LegalOptions = Parameters<typeof legalLinks>[0]

/** Whether any document the site gave may be linked: when legalLinks dropped every URL, there is nothing to agree to. */
export function legalGiven(options: LegalOptions): boolean {
  const links = legalLinks(options)
  return links.terms.given || links.privacy.given
}

/** A document's name, linked when its URL may be: a new tab, no opener, no referrer. */
function documentName(href: string | undefined, label: string, strings: Strings): ReactNode {
  if (href === undefined) return label
  return (
    <a className="text-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={fill(strings.opensInNewTab, { label })}>
      {label}
    </a>
  )
}

/** The statement under the ways to connect, or the checkbox above them. */
export function LegalPart(props: LegalPartProps) {
  const strings = useStrings()
  const options = useAirlockState((s) => s.options.resolved)
  const links = legalLinks(options)
  const [agreed, setAgreed] = useConsent()
  const sentence = fillNodes(legalTemplate(strings, links.terms.given, links.privacy.given, props.checkbox), {
    terms: documentName(links.terms.href, strings.terms, strings),
    privacy: documentName(links.privacy.href, strings.privacy, strings),
  })
  if (!props.checkbox) return <p className="note muted legal">{sentence}</p>
  const hintId = `${props.id}-hint`
  return (
    <div className="consent">
      <input
        id={props.id}
        type="checkbox"
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
        aria-describedby={agreed ? undefined : hintId}
      />
      <label htmlFor={props.id}>{sentence}</label>
      {agreed ? null : (
        <p id={hintId} className="note muted">
          {strings.agreeFirst}
        </p>
      )}
    </div>
  )
}
