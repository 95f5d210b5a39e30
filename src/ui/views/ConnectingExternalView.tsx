/**
 * ConnectingExternal: waiting for the wallet, then declined (4001) or failed, with a retry. The
 * phase is the connection slice's answer to the latest request, for the connector shown
 * (selectConnectPhase): each visit comes with its own request, so it starts as pending.
 */
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { selectRouteData } from '../../core/router/selectors'
import { selectConnectPhase } from '../../core/connection/selectors'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'

export function ConnectingExternalView() {
  const { connect } = useCommands()
  const strings = useStrings()
  const data = useAirlockState(selectRouteData)
  const connectorId = data?.connectorId
  const connector = useAirlockState((s) => s.connectors.connectors.find((c) => c.id === connectorId) ?? null)
  // The wallet's own words go to the banner as its detail (connectFailure); here, the product's.
  const phase = useAirlockState((state) => selectConnectPhase(state, connectorId))

  const name = connector?.name ?? ''
  // A new request: the slice records it as pending, and the view waits again.
  const retry = () => {
    if (connectorId !== undefined) connect(connectorId)
  }
  return (
    <div className="body">
      <div className="center">
        <WalletImage name={name || '?'} src={connector?.imageUrl} />
        {phase === 'pending' ? (
          <>
            <p>{fill(strings.connectingTo, { name })}</p>
            <p className="muted" role="status">
              {strings.connectingHint}
            </p>
          </>
        ) : (
          <>
            <p className="error" role="alert">
              {phase === 'declined' ? strings.connectionDeclined : strings.connectionFailed}
            </p>
            <p className="muted">{phase === 'declined' ? strings.connectionDeclinedHint : strings.connectionFailedHint}</p>
            <button type="button" className="primary" onClick={retry}>
              {strings.retry}
            </button>
          </>
        )}
      </div>
    </div>
  )
}
