/**
 * Connect: the ways to connect. The wallet list (SPEC §4 connector order, then "All wallets") and
 * the entries plugins add (an email field, social buttons), in the connect-method order; the
 * order and the lists are derived in src/core/connect. Last, "New to wallets?" leads to the wallet
 * guide (WalletGuide, issue 28 §4).
 *
 * The site's legal links (SPEC §3 termsConditionsUrl, privacyPolicyUrl; issue 28 §4) are drawn by
 * ConnectLegal, a chunk of its own, fetched only when the site gives one (when the modal is
 * prepared, drawn hidden ahead of its first open). With SPEC §9's "legal checkbox" on, the checkbox
 * comes first and every way to connect is inert (not clickable, not focusable, out of the
 * accessibility tree) until the visitor ticks it; the tick lasts the page's life (consent.ts). While
 * the chunk is on its way, the same sentence in plain text (and the checkbox, not yet usable, with
 * the ways to connect inert) holds its place from the first frame, so nothing moves when it arrives.
 * Nothing else moves either (issue 27 §1: a visitor clicking just after the modal opened hit the
 * wrong wallet): a plugin's entry holds its height while its view loads (ConnectMethodSpec.height),
 * and the catalog's wallets their rows while they load (tests/e2e/connectStable.test.ts).
 */
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { selectConnectEntries } from '../../core/connect/entrySelectors'
import { selectConnectSections, type ConnectSection } from '../../core/connect/sectionSelectors'
import { ListItem } from '../components/ListItem'
import { PluginView } from '../components/PluginView'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import { walletImageUrl } from './walletImageUrl'
import { isMobileBrowser } from '../../core/connect/deepLinkRules'
import { FEATURED_DEFAULT, RECOMMENDED_COUNT } from '../../core/walletCatalog/limits'
import { legalTemplate } from './legalTemplate'
import type { RootState } from '../../kernel/registry'
import type * as LegalModule from './ConnectLegal'
import type { LegalPartProps } from './ConnectLegal'
import { useConsent } from './consent'

const mobile = isMobileBrowser(typeof window === 'undefined' ? undefined : window.navigator)

/** The plugins' entries of one group, each its own lazily loaded view. */
function Methods(props: { readonly section: ConnectSection }) {
  return (
    <>
      {props.section.methods.map((method) => (
        <PluginView key={`${method.moduleId}:${method.id}`} moduleId={method.moduleId} view={method.view} height={method.height} inline />
      ))}
    </>
  )
}

/**
 * The catalog's wallets still on their way (SPEC §9: the site's featured ones, at most 4, and 4
 * recommended, loaded when the modal first opens): their rows are held empty until they arrive, so
 * what is under them does not move then (issue 27 §1). A guess: wallets the visitor has installed or
 * used lately are not listed twice, so fewer may come. None when the lists are in, failed, or
 * cannot load (no project id).
 */
const awaitedWallets = (s: RootState): number =>
  s.walletCatalog.listsLoaded || s.walletCatalog.error !== null || !s.walletCatalog.config?.projectId
    ? 0
    : Math.min(s.walletCatalog.config.featuredWalletIds.length, FEATURED_DEFAULT) + RECOMMENDED_COUNT

function WalletList() {
  const strings = useStrings()
  const { chooseConnectEntry, openAllWallets } = useCommands()
  const entries = useAirlockState(selectConnectEntries(mobile))
  const options = useAirlockState((s) => s.options.resolved)
  const showAll = useAirlockState((s) => s.options.features.allWallets)
  const count = useAirlockState((s) => s.walletCatalog.count)
  const awaited = useAirlockState(awaitedWallets)
  const configBase = options?.apiUrls.config ?? undefined
  return (
    <ul className="list" aria-label={strings.titles.Connect}>
      {entries.map((entry) => (
        <li key={entry.key}>
          {entry.kind === 'connector' ? (
            <ListItem
              name={entry.connector.name}
              image={<WalletImage name={entry.connector.name} src={entry.connector.imageUrl} />}
              tag={entry.installed ? strings.installed : undefined}
              onSelect={() => chooseConnectEntry(entry)}
            />
          ) : (
            <ListItem
              name={entry.wallet.name}
              image={<WalletImage name={entry.wallet.name} src={walletImageUrl(entry.wallet)} trustedBase={configBase} />}
              tag={entry.recent ? strings.recent : undefined}
              onSelect={() => chooseConnectEntry(entry)}
            />
          )}
        </li>
      ))}
      {Array.from({ length: awaited }, (_, index) => (
        <li key={`awaited:${index}`} aria-hidden="true">
          <span className="item static" />
        </li>
      ))}
      {showAll ? (
        <li>
          <ListItem
            name={strings.allWallets}
            image={
              <span className="wallet-image wallet-initials" aria-hidden="true">
                ⋯
              </span>
            }
            tag={count > 0 ? fill(strings.walletCount, { count }) : undefined}
            onSelect={openAllWallets}
          />
        </li>
      ) : null}
    </ul>
  )
}

/** The legal links' chunk: loaded once, kept (a failed load is reported and tried again at the next draw). */
let Legal: typeof LegalModule | undefined
let loadingLegal: Promise<unknown> | undefined
const loadConnectLegal = () =>
  (loadingLegal ??= import('./ConnectLegal').then(
    (module) => (Legal = module),
    (error: unknown) => {
      loadingLegal = undefined
      throw error
    },
  ))

/**
 * LegalPart until its chunk is in: its sentence with the documents' names as plain text (the links
 * come with the chunk, which checks their URLs) and, with the checkbox, the checkbox not yet usable,
 * in the same boxes, so nothing moves when it arrives.
 */
function LegalPlaceholder(props: LegalPartProps) {
  const strings = useStrings()
  const options = useAirlockState((s) => s.options.resolved)
  const sentence = fill(legalTemplate(strings, Boolean(options?.termsConditionsUrl), Boolean(options?.privacyPolicyUrl), props.checkbox), {
    terms: strings.terms,
    privacy: strings.privacy,
  })
  if (!props.checkbox) return <p className="note muted legal">{sentence}</p>
  return (
    <div className="consent">
      <input id={props.id} type="checkbox" disabled />
      <label htmlFor={props.id}>{sentence}</label>
      <p className="note muted">{strings.agreeFirst}</p>
    </div>
  )
}

/**
 * The ways to connect in one box that stays mounted when the legal chunk arrives (only the legal
 * part is drawn anew: what a visitor typed in the email field, and the focus, stay), with the legal
 * part above it (the checkbox) or under it (the statement). With the checkbox the box is inert until
 * the visitor ticks it, and while the chunk is on its way; a site whose every legal URL was refused
 * (legalGiven) has nothing to agree to.
 */
function LegalSlot(props: { readonly checkbox: boolean; readonly children: ReactNode }) {
  const { reportViewError } = useCommands()
  const [, arrived] = useState(0)
  const options = useAirlockState((s) => s.options.resolved)
  const [agreed] = useConsent()
  const id = useId()
  useEffect(() => {
    if (!Legal)
      loadConnectLegal().then(
        () => arrived(1),
        (error: unknown) => reportViewError('router', 'Connect', error),
      )
  }, [reportViewError])
  const given = Legal ? Legal.legalGiven(options) : true
  const Part = Legal ? Legal.LegalPart : LegalPlaceholder
  const part = given ? <Part checkbox={props.checkbox} id={id} /> : null
  const waits = props.checkbox && given
  return (
    <>
      {props.checkbox ? part : null}
      <div className="connect-methods" inert={waits && !agreed} aria-describedby={waits ? id : undefined}>
        {props.children}
      </div>
      {props.checkbox ? null : part}
    </>
  )
}

const selectLegal = (s: RootState): 'links' | 'checkbox' | undefined =>
  s.options.resolved?.termsConditionsUrl || s.options.resolved?.privacyPolicyUrl ? (s.options.features.legalCheckbox ? 'checkbox' : 'links') : undefined

export function ConnectView() {
  const strings = useStrings()
  const { push } = useCommands()
  const sections = useAirlockState(selectConnectSections)
  const legal = useAirlockState(selectLegal)
  const methods: ReactNode = sections.map((section) =>
    section.group === 'wallet' ? (
      <div key="wallet" className="connect-section">
        <WalletList />
        <Methods section={section} />
      </div>
    ) : (
      <section key={section.group} className="connect-section" aria-label={section.group === 'email' ? strings.emailSection : strings.socialSection}>
        <Methods section={section} />
      </section>
    ),
  )
  return (
    <div className="body">
      {legal ? <LegalSlot checkbox={legal === 'checkbox'}>{methods}</LegalSlot> : methods}
      <p className="note guide-entry">
        <span className="muted">{strings.newToWallets}</span>{' '}
        <button type="button" className="text-link" onClick={() => push('WalletGuide')}>
          {strings.getWallet}
        </button>
      </p>
    </div>
  )
}
