/** ConnectingExternal: waiting for the wallet, then declined (4001) or failed, with a retry. */
import { useEffect, useState } from 'react'
import { filter } from 'rxjs'
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { selectRouteData } from '../../core/router/selectors'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'

type Phase = 'pending' | 'declined' | 'failed'

export function ConnectingExternalView() {
  const airlock = useAirlock()
  const strings = useStrings()
  const data = useAirlockState(selectRouteData)
  const connector = useAirlockState((s) => s.connectors.connectors.find((c) => c.id === data?.connectorId) ?? null)
  const [phase, setPhase] = useState<Phase>('pending')
  const [message, setMessage] = useState('')

  useEffect(() => {
    const subscription = airlock.events$.pipe(filter((e) => e.type === 'USER_REJECTED' || e.type === 'CONNECT_ERROR')).subscribe((event) => {
      setPhase(event.type === 'USER_REJECTED' ? 'declined' : 'failed')
      setMessage(event.type === 'CONNECT_ERROR' ? event.payload.message : '')
    })
    return () => subscription.unsubscribe()
  }, [airlock])

  const name = connector?.name ?? ''
  const retry = () => {
    setPhase('pending')
    if (connector) airlock.connect(connector.id).catch(() => undefined)
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
            <p className="muted">{phase === 'declined' ? strings.connectionDeclinedHint : message}</p>
            <button type="button" className="primary" onClick={retry}>
              {strings.retry}
            </button>
          </>
        )}
      </div>
    </div>
  )
}
