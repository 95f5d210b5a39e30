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
 * accessibility tree) until the visitor ticks it; the tick lasts the page's life (consent.ts). The
 * ways to connect are inert from the first frame, while the chunk is on its way.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
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
import type { RootState } from '../../kernel/registry'
import type { ConnectLegalProps } from './ConnectLegal'

const mobile = isMobileBrowser(typeof window === 'undefined' ? undefined : window.navigator)

/** The plugins' entries of one group, each its own lazily loaded view. */
function Methods(props: { readonly section: ConnectSection }) {
  return (
    <>
      {props.section.methods.map((method) => (
        <PluginView key={`${method.moduleId}:${method.id}`} moduleId={method.moduleId} view={method.view} inline />
      ))}
    </>
  )
}

function WalletList() {
  const strings = useStrings()
  const { chooseConnectEntry, openAllWallets } = useCommands()
  const entries = useAirlockState(selectConnectEntries(mobile))
  const options = useAirlockState((s) => s.options.resolved)
  const showAll = useAirlockState((s) => s.options.features.allWallets)
  const count = useAirlockState((s) => s.walletCatalog.count)
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
let ConnectLegal: ComponentType<ConnectLegalProps> | undefined
let loadingLegal: Promise<unknown> | undefined
const loadConnectLegal = () =>
  (loadingLegal ??= import('./ConnectLegal').then(
    (module) => (ConnectLegal = module.default),
    (error: unknown) => {
      loadingLegal = undefined
      throw error
    },
  ))

/** ConnectLegal around the ways to connect once its chunk is in; before, they show inert if the checkbox will lock them. */
function LegalSlot(props: ConnectLegalProps) {
  const { reportViewError } = useCommands()
  const [, arrived] = useState(0)
  useEffect(() => {
    if (!ConnectLegal)
      loadConnectLegal().then(
        () => arrived(1),
        (error: unknown) => reportViewError('router', 'Connect', error),
      )
  }, [reportViewError])
  return ConnectLegal ? <ConnectLegal {...props} /> : <div inert={props.checkbox}>{props.children}</div>
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
