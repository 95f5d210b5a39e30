/** Receive: the active address as text and QR code (drawn locally), copy, and where it receives. */
import { useAirlockState, useCommands, useModuleStrings, QrCode, shortAddress, NetworkIcon, Button, List, Row, Section } from 'airlock/plugin'
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
      <Button onClick={copy}>{t('copy')}</Button>
      <div className="wide">
        <Section title={t('networks')}>
          <List>
            {target.networks.map((n) => (
              <Row key={n.caipNetworkId} icon={<NetworkIcon network={n} size={28} className="network-icon" />} title={n.name} />
            ))}
          </List>
        </Section>
        {target.tokens.length > 0 ? (
          <Section title={t('tokens')}>
            <List>
              {target.tokens.map((token) => (
                <Row key={token.network.caipNetworkId} title={t('token', { address: shortAddress(token.address), network: token.network.name })} />
              ))}
            </List>
          </Section>
        ) : null}
      </div>
    </div>
  )
}
