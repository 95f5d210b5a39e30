/** Account: the connected address (copyable), the native balance, the network, disconnect. */
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { selectActiveAccount } from '../../core/account/selectors'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { pushView } from '../../core/router/commands'
import { createEvent } from '../../kernel/registry'
import { useStrings } from '../components/useStrings'
import { displayBalance, shortAddress } from '../components/displayFormat'

export function AccountView() {
  const airlock = useAirlock()
  const strings = useStrings()
  const account = useAirlockState(selectActiveAccount)
  const network = useAirlockState(selectActiveNetwork)
  const address = account?.address ?? null

  const copy = async () => {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      airlock.notify({ variant: 'success', message: strings.addressCopied })
    } catch {
      // Clipboard refused (permissions): the address stays selectable on screen.
    }
  }

  return (
    <div className="body">
      <div className="center">
        {address ? (
          <>
            <span className="address" title={address}>
              {shortAddress(address)}
            </span>
            <button type="button" className="secondary" onClick={copy} aria-label={strings.copyAddress}>
              {strings.copyAddress}
            </button>
          </>
        ) : null}
        <span className="muted">{strings.balance}</span>
        <span className="balance" aria-live="polite">
          {displayBalance(account?.balance) ?? '—'} {account?.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''}
        </span>
      </div>
      <ul className="list">
        <li>
          <button type="button" className="item" onClick={() => pushView(airlock.getState(), 'SwitchNetwork').forEach((e) => airlock.dispatch(e))}>
            <span className="name">
              <span className="visually-hidden">{strings.network}: </span>
              {network?.name ?? '—'}
            </span>
            <span className="tag">{strings.switchNetwork}</span>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="item"
            onClick={() => {
              // Forgotten either way (a wallet that does not answer in 3 s is left behind).
              const toConnect = () => airlock.dispatch(createEvent('ROUTER_RESET', { view: 'Connect' }))
              airlock.disconnect().then(toConnect, toConnect)
            }}
          >
            <span className="name">{strings.disconnect}</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
