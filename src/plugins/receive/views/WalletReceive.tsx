/** Receive: the active address as text and QR code (drawn locally), copy, and where it receives. */
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'
import { QrCode } from '../../../ui/components/QrCode'
import { shortAddress } from '../../../ui/components/displayFormat'
import { selectReceiveTarget } from '../selectors'

export default function WalletReceive() {
  const t = useModuleStrings('receive')
  const { notify } = useCommands()
  const target = useAirlockState(selectReceiveTarget)
  if (!target) return <p className="muted">{t('notConnected')}</p>
  const { address, network } = target

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      notify('success', { message: t('copied') })
    } catch {
      // Clipboard refused (permissions): the address stays selectable on screen.
    }
  }

  return (
    <div className="center">
      <p className="muted">{t('intro', { network: network.name })}</p>
      <QrCode value={address} label={t('qrLabel', { network: network.name })} />
      <span className="address" data-testid="receive-address">
        {address}
      </span>
      <button type="button" className="secondary" onClick={copy}>
        {t('copy')}
      </button>
      <section aria-label={t('networks')}>
        <p className="muted">{t('networks')}</p>
        <ul className="list">
          {target.networks.map((n) => (
            <li key={n.caipNetworkId}>{n.name}</li>
          ))}
        </ul>
      </section>
      {target.tokens.length > 0 ? (
        <section aria-label={t('tokens')}>
          <p className="muted">{t('tokens')}</p>
          <ul className="list">
            {target.tokens.map((token) => (
              <li key={token.network.caipNetworkId}>{t('token', { address: shortAddress(token.address), network: token.network.name })}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
