/**
 * ConnectingWalletConnect (SPEC §2): pairing a wallet that is not in this browser. It starts a
 * pairing on arrival and shows its URI as a QR code with a copy-link button; the connector
 * replaces an expiring URI by itself, and the code follows. A failed pairing shows wcError with a
 * retry. On a phone, the catalog wallet's deep links open it with the URI (remembered as the
 * deep-link choice), and Phantom, Solflare and Coinbase on Solana open this page in their own
 * browser instead (the Solana-wallet redirect rule).
 */
import { useEffect, useState } from 'react'
import { asyncScheduler } from 'rxjs'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { useAirlock } from '../react/context'
import { instanceTimes } from '../../kernel/instanceTime'
import { routeWallet, selectRouteData } from '../../core/router/selectors'
import { WALLET_CONNECT_ID } from '../../events/shapes/connector'
import { browseLink, isMobileBrowser, walletDeepLinks, type DeepLink } from '../../core/connect/deepLinkRules'
import { openLink } from '../../core/connect/linkRules'
import { QrCode, qrEncoder } from '../components/QrCode'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'
import { walletImageUrl } from './walletImageUrl'

/** How long "Link copied" stays before the button reads "Copy link" again. */
const COPIED_MS = 2000

export function ConnectingWalletConnectView() {
  const { connect, chooseDeepLink } = useCommands()
  const strings = useStrings()
  const data = useAirlockState(selectRouteData)
  const uri = useAirlockState((s) => s.connection.wcUri)
  const failed = useAirlockState((s) => s.connection.wcError)
  const activeNamespace = useAirlockState((s) => s.networks.activeNamespace)
  const options = useAirlockState((s) => s.options.resolved)
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  // The instance's scheduler (useTime's, read here so the modal's chunk imports no other).
  const scheduler = instanceTimes.get(useAirlock().state$)?.scheduler ?? asyncScheduler
  const wallet = routeWallet(data)
  const name = wallet?.name ?? strings.walletConnectName
  const page = typeof window === 'undefined' ? undefined : window
  const mobile = isMobileBrowser(page?.navigator)
  const links = walletDeepLinks(wallet, mobile)
  const browse = mobile && wallet && page ? browseLink(activeNamespace, wallet.name, page.location) : undefined

  useEffect(() => {
    // Arriving here starts a pairing; a new one replaces any still waiting. The QR encoder's chunk
    // comes meanwhile, if it is not in yet (a failure is the code's to meet: QrCode).
    connect(WALLET_CONNECT_ID)
    qrEncoder.load().catch(() => undefined)
  }, [connect])

  useEffect(() => {
    if (copied === 'idle') return undefined
    // On the instance's scheduler, as every wait (a test's virtual time).
    const timer = scheduler.schedule(() => setCopied('idle'), COPIED_MS)
    return () => timer.unsubscribe()
  }, [copied, scheduler])

  const copy = () => {
    if (!uri) return
    const clipboard = page?.navigator.clipboard
    if (!clipboard) return setCopied('failed')
    clipboard.writeText(uri).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  }

  const open = (link: DeepLink) => {
    if (!uri || !wallet || !page) return
    chooseDeepLink({ href: link.base, name: wallet.name })
    // A web app opens beside the site, an app link hands over this tab: each by this browser's
    // method (an in-app browser's same tab, a Telegram mini app's openLink).
    openLink(page, link.href(uri), link.kind === 'webapp' ? 'webapp' : 'app')
  }

  const openBrowse = () => {
    if (browse && page) openLink(page, browse, 'app')
  }

  const retry = () => connect(WALLET_CONNECT_ID)

  const linkLabel = (link: DeepLink) =>
    fill(link.kind === 'webapp' ? strings.openWebApp : link.kind === 'desktop' ? strings.openDesktopApp : strings.openApp, { name })

  return (
    <div className="body">
      <div className="center">
        {failed ? (
          <>
            <WalletImage name={name} src={wallet ? walletImageUrl(wallet) : undefined} trustedBase={options?.apiUrls.config ?? undefined} />
            <p className="error" role="alert">
              {strings.connectionFailed}
            </p>
            <p className="muted">{strings.pairingFailedHint}</p>
            <button type="button" className="primary" onClick={retry}>
              {strings.retry}
            </button>
          </>
        ) : uri ? (
          <>
            <QrCode value={uri} label={fill(strings.qrLabel, { name })} />
            <p className="muted" role="status">
              {wallet ? fill(strings.scanHint, { name }) : strings.scanHintAny}
            </p>
            <div className="link-row">
              {browse ? (
                <button type="button" className="primary" onClick={openBrowse}>
                  {fill(strings.openApp, { name })}
                </button>
              ) : (
                links.map((link) => (
                  <button key={link.kind} type="button" className={link.kind === 'webapp' ? 'secondary' : 'primary'} onClick={() => open(link)}>
                    {linkLabel(link)}
                  </button>
                ))
              )}
              <button type="button" className="secondary" onClick={copy}>
                {copied === 'copied' ? strings.linkCopied : strings.copyLink}
              </button>
            </div>
            {copied === 'failed' ? (
              <p className="error" role="alert">
                {strings.copyFailed}
              </p>
            ) : null}
          </>
        ) : (
          <p className="muted" role="status">
            {strings.preparingQr}
          </p>
        )}
      </div>
    </div>
  )
}
