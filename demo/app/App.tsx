/**
 * The sample dApp and the option panel, in React over `airlock/react`: the header's
 * <NetworkButton/> and <ConnectButton/>, the actions a dApp takes with the connected wallet, and
 * the site owner's options. Rendered into the page's containers (portals), beside its plain parts.
 */
import { createPortal } from 'react-dom'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { AirlockProvider, ConnectButton, NetworkButton } from 'airlock/react'
import type { Choices } from '../choices'
import { strings } from '../strings'
import { SignCard } from './SignCard'
import { SendCard } from './SendCard'
import { PayCard } from './PayCard'
import { SwitchCard } from './SwitchCard'
import { OptionsPanel } from './OptionsPanel'

export interface AppProps {
  readonly airlock: AirlockInstance
  readonly choices: Choices
  /** The site's EVM networks (what the dApp switches between); none on a page without eip155. */
  readonly evmNetworks: readonly CaipNetwork[]
  readonly containers: { readonly buttons: HTMLElement; readonly options: HTMLElement }
}

export function App({ airlock, choices, evmNetworks, containers }: AppProps) {
  return (
    <AirlockProvider airlock={airlock}>
      {createPortal(
        <>
          <NetworkButton />
          {/* "Connect" here: the page's plain "Connect wallet" button (airlock.open()) is the other way in. */}
          <ConnectButton label={strings.connectShort} />
        </>,
        containers.buttons,
      )}
      {evmNetworks.length > 0 && (
        <>
          <SignCard airlock={airlock} networks={evmNetworks} />
          <SendCard airlock={airlock} networks={evmNetworks} />
          <PayCard airlock={airlock} networks={evmNetworks} />
          <SwitchCard airlock={airlock} networks={evmNetworks} />
        </>
      )}
      {createPortal(<OptionsPanel airlock={airlock} choices={choices} />, containers.options)}
    </AirlockProvider>
  )
}
