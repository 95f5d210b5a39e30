/** Switch chain with wagmi's useSwitchChain: the Airlock connector moves Airlock's network (adding the chain to the wallet on 4902). */
import { useState } from 'react'
import { useChains, useConnection, useSwitchChain } from 'wagmi'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from '../app/ActionCard'
import { errorText } from '../app/evm'

export function WagmiSwitchCard() {
  const { address, chainId } = useConnection()
  const chains = useChains()
  const switchChain = useSwitchChain()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const switchTo = async (id: number, name: string) => {
    setOutcome({ kind: 'busy', text: strings.switching })
    try {
      await switchChain.mutateAsync({ chainId: id })
      setOutcome({ kind: 'done', text: strings.switched(name) })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="switch" heading={strings.switchHeading} outcome={outcome} code={code.wagmiSwitch}>
      <ul className="network-list" aria-label={strings.networksLabel}>
        {chains.map((chain) => {
          const current = address !== undefined && chain.id === chainId
          return (
            <li key={chain.id}>
              <button type="button" disabled={!address || current || outcome.kind === 'busy'} onClick={() => void switchTo(chain.id, chain.name)}>
                {strings.switchTo(chain.name)}
              </button>
              {current && <span className="badge">{strings.current}</span>}
            </li>
          )
        })}
      </ul>
      <NeedsWallet connected={address !== undefined} />
    </ActionCard>
  )
}
