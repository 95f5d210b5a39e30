/**
 * Connect: the ways to connect. The wallet list (SPEC §4 connector order, then "All wallets") and
 * the entries plugins add (an email field, social buttons), in the connect-method order; the
 * order and the lists are derived in src/core/connect.
 */
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

export function ConnectView() {
  const strings = useStrings()
  const sections = useAirlockState(selectConnectSections)
  return (
    <div className="body">
      {sections.map((section) =>
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
      )}
    </div>
  )
}
