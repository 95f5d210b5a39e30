/**
 * The site's legal links under Connect (SPEC §3 termsConditionsUrl, privacyPolicyUrl; issue 28 §4),
 * a chunk of its own that ConnectView fetches only when the site gives one, drawn around the ways
 * to connect (`children`). Without `checkbox`: a statement under them ("By connecting a wallet you
 * agree to…"). With it (SPEC §9 "legal checkbox"): first the checkbox, labelled "I agree to…", and
 * the ways to connect inert (not clickable, not focusable, out of the accessibility tree) until the
 * visitor ticks it, described by it; while it is not ticked a hint says why the wallets wait, and
 * describes the checkbox. The tick lasts the page's life (consent.ts). Each link opens the site's page in a new tab
 * without opener or referrer; a URL linkableUrl refuses is dropped, with a console warning (legalLinks).
 */
import { useId, type ReactNode } from 'react'
import { useAirlockState } from '../react/useAirlockState'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import type { Strings } from '../strings/en'
import { legalTemplate } from './legalTemplate'
import { fillNodes } from '../components/fillNodes'
import { legalLinks } from './legalLinks'
import { useConsent } from './consent'

export interface ConnectLegalProps {
  /** SPEC §9 "legal checkbox": the ways to connect wait for the visitor's tick. */
  readonly checkbox: boolean
  /** The ways to connect. */
  readonly children: ReactNode
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

export default function ConnectLegal(props: ConnectLegalProps) {
  const strings = useStrings()
  const options = useAirlockState((s) => s.options.resolved)
  const links = legalLinks(options)
  const [agreed, setAgreed] = useConsent()
  const id = useId()
  // Every URL the site gave was dropped (legalLinks warns): nothing to agree to.
  if (!links.terms.given && !links.privacy.given) return <>{props.children}</>
  const agree = props.checkbox
  const sentence = fillNodes(legalTemplate(strings, links.terms.given, links.privacy.given, agree), {
    terms: documentName(links.terms.href, strings.terms, strings),
    privacy: documentName(links.privacy.href, strings.privacy, strings),
  })
  if (!agree)
    return (
      <>
        {props.children}
        <p className="note muted legal">{sentence}</p>
      </>
    )
  const hintId = `${id}-hint`
  return (
    <>
      <div className="consent">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          aria-describedby={agreed ? undefined : hintId}
        />
        <label htmlFor={id}>{sentence}</label>
        {agreed ? null : (
          <p id={hintId} className="note muted">
            {strings.agreeFirst}
          </p>
        )}
      </div>
      <div className="connect-methods" inert={!agreed} aria-describedby={id}>
        {props.children}
      </div>
    </>
  )
}
