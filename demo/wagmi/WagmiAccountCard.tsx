/** The account as wagmi sees it (useConnection, useBalance), and wagmi's connect and disconnect through the Airlock connector. */
import { formatUnits } from 'viem'
import { useBalance, useConnect, useConnection, useConnectors, useDisconnect } from 'wagmi'
import { strings } from '../strings'
import { code } from '../code'
import { Card } from '../app/ActionCard'

/** At most four decimals, as a page shows a balance (wagmi gives the exact value). */
const shortAmount = (decimal: string) => decimal.replace(/(\.\d{4})\d+$/, '$1')

export function WagmiAccountCard() {
  const { address, chain, chainId, status } = useConnection()
  const { data: balance } = useBalance({ address })
  const connectors = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const airlockConnector = connectors[0]
  const network = chain ? strings.chainNamed(chain.name, chain.id) : chainId !== undefined ? String(chainId) : strings.unknown
  const amount = balance ? `${shortAmount(formatUnits(balance.value, balance.decimals))} ${balance.symbol}` : strings.balancePending
  return (
    <Card id="wagmi-account" heading={strings.wagmiAccountHeading} code={code.wagmiAccount}>
      <p id="wagmi-account" className={`account-line${address ? ' connected' : ''}`} aria-live="polite">
        {address ? strings.wagmiConnected(address, amount, network) : strings.wagmiDisconnected(status)}
      </p>
      <div className="controls">
        {address ? (
          <button type="button" onClick={() => disconnect.mutate({})}>
            {strings.wagmiDisconnect}
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            disabled={!airlockConnector || connect.isPending}
            onClick={() => airlockConnector && connect.mutate({ connector: airlockConnector })}
          >
            {strings.wagmiConnect}
          </button>
        )}
      </div>
      {connect.error && <p className="error">{strings.failed(connect.error.message)}</p>}
    </Card>
  )
}
