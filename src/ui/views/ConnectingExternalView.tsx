/**
 * ConnectingExternal: waiting for the wallet, then declined (4001) or failed, with a retry. The
 * phase is the view's own: it starts over on each visit, and follows the answer to its request.
 */
import { useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { selectRouteData } from '../../core/router/selectors'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'

type Phase = 'pending' | 'declined' | 'failed'

export function ConnectingExternalView() {
  const airlock = useAirlock()
  const { connect } = useCommands()
  const strings = useStrings()
  const data = useAirlockState(selectRouteData)
  const connector = useAirlockState((s) => s.connectors.connectors.find((c) => c.id === data?.connectorId) ?? null)
  const [phase, setPhase] = useState<Phase>('pending')

  useEffect(() => {
    // The wallet's own words go to the banner as its detail (connectFailure); here, the product's.
    const subscription = airlock.events$.pipe(filter((e) => e.type === 'USER_REJECTED' || e.type === 'CONNECT_ERROR')).subscribe((event) => {
      setPhase(event.type === 'USER_REJECTED' ? 'declined' : 'failed')
    })
    return () => subscription.unsubscribe()
  }, [airlock])

  const name = connector?.name ?? ''
  const retry = () => {
    setPhase('pending')
    if (connector) connect(connector.id)
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
