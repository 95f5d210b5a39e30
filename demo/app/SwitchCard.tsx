/**
 * Switch the connected wallet's network with viem (adding the chain when the wallet answers 4902);
 * Airlock follows the wallet's chainChanged, so the modal and the buttons show the new network.
 */
import { useState } from 'react'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from './ActionCard'
import { errorText, loadEvmActions, useEvmConnection } from './evm'

export function SwitchCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const { connected, caipNetworkId } = useEvmConnection()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const switchTo = async (network: CaipNetwork) => {
    setOutcome({ kind: 'busy', text: strings.switching })
    try {
      const { switchWallet } = await loadEvmActions()
      await switchWallet(airlock, networks, network)
      setOutcome({ kind: 'done', text: strings.switched(network.name) })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="switch" heading={strings.switchHeading} outcome={outcome} code={code.switchNetwork}>
      <p className="hint">{strings.switchLead}</p>
      <ul className="network-list" aria-label={strings.networksLabel}>
        {networks.map((network) => {
          const current = network.caipNetworkId === caipNetworkId
          return (
            <li key={network.caipNetworkId}>
              <button type="button" disabled={!connected || current || outcome.kind === 'busy'} onClick={() => void switchTo(network)}>
                {strings.switchTo(network.name)}
              </button>
              {current && <span className="badge">{strings.current}</span>}
            </li>
          )
        })}
      </ul>
      <NeedsWallet connected={connected} />
    </ActionCard>
  )
}
