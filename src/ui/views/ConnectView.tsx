/** Connect: the ways to connect, in the SPEC §4 order, then "All wallets". */
import { useMemo } from 'react'
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { createEvent } from '../../kernel/registry'
import { pushView } from '../../core/router/commands'
import { ListItem } from '../components/ListItem'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import { connectEntries, type ConnectEntry } from './connectList'
import { walletImageUrl } from './walletImageUrl'
import { isMobileBrowser } from '../../connectors/walletconnect/deepLinks'

export function ConnectView() {
  const airlock = useAirlock()
  const strings = useStrings()
  const connectors = useAirlockState((s) => s.connectors)
  const catalog = useAirlockState((s) => s.walletCatalog)
  const storage = useAirlockState((s) => s.storage)
  const options = useAirlockState((s) => s.options.resolved)
  const showAll = useAirlockState((s) => s.options.features.allWallets)
  // Re-derive only when one of the slices it reads changes.
  const entries = useMemo(
    () => connectEntries(airlock.getState(), isMobileBrowser(typeof window === 'undefined' ? undefined : window.navigator)),
    [airlock, connectors, catalog, storage, options],
  )
  const configBase = options?.apiUrls.config ?? undefined

  const select = (entry: ConnectEntry) => {
    const state = airlock.getState()
    if (entry.kind === 'connector' && entry.connector.type === 'WALLET_CONNECT') {
      // The view starts the pairing when it opens.
      airlock.dispatch(createEvent('SELECT_WALLET', { name: entry.connector.name, platform: 'qrcode' }))
      pushView(state, 'ConnectingWalletConnect', {}).forEach((e) => airlock.dispatch(e))
    } else if (entry.kind === 'connector') {
      airlock.dispatch(createEvent('SELECT_WALLET', { name: entry.connector.name, platform: entry.installed ? 'browser' : 'unknown' }))
      pushView(state, 'ConnectingExternal', { connectorId: entry.connector.id }).forEach((e) => airlock.dispatch(e))
      // The view shows the outcome from the events; the promise is for sites' own code.
      airlock.connect(entry.connector.id).catch(() => undefined)
    } else {
      airlock.dispatch(createEvent('SELECT_WALLET', { name: entry.wallet.name, platform: 'qrcode' }))
      pushView(state, 'ConnectingWalletConnect', { wallet: entry.wallet }).forEach((e) => airlock.dispatch(e))
    }
  }

  return (
    <div className="body">
      <ul className="list" aria-label={strings.titles.Connect}>
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'connector' ? (
              <ListItem
                name={entry.connector.name}
                image={<WalletImage name={entry.connector.name} src={entry.connector.imageUrl} />}
                tag={entry.installed ? strings.installed : undefined}
                onSelect={() => select(entry)}
              />
            ) : (
              <ListItem
                name={entry.wallet.name}
                image={<WalletImage name={entry.wallet.name} src={walletImageUrl(entry.wallet)} trustedBase={configBase} />}
                tag={entry.recent ? strings.recent : undefined}
                onSelect={() => select(entry)}
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
              tag={catalog.count > 0 ? fill(strings.walletCount, { count: catalog.count }) : undefined}
              onSelect={() => {
                airlock.dispatch(createEvent('CLICK_ALL_WALLETS', {}))
                pushView(airlock.getState(), 'AllWallets').forEach((e) => airlock.dispatch(e))
              }}
            />
          </li>
        ) : null}
      </ul>
    </div>
  )
}
