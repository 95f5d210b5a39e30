/**
 * SwitchActiveChain (SPEC §2): the visitor picked a network of a namespace where no wallet is
 * connected. It says so, and its button switches to that network and goes to Connect in its place
 * (it takes switchToChain, navigateTo and navigateWithReplace), where a wallet of that namespace
 * connects.
 */
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { selectRouteData } from '../../core/router/selectors'
import { selectAllNetworks } from '../../core/networks/selectors'
import { useStrings } from '../components/useStrings'
import { fill } from '../strings/strings'

export function SwitchActiveChainView() {
  const strings = useStrings()
  const { switchActiveChain } = useCommands()
  const data = useAirlockState(selectRouteData)
  const networks = useAirlockState(selectAllNetworks)
  const network = networks.find((n) => n.caipNetworkId === data?.caipNetworkId)
  if (!network) return null
  return (
    <div className="body">
      <p className="muted">{fill(strings.switchActiveChainHint, { network: network.name })}</p>
      <div className="center">
        <button type="button" className="primary" onClick={() => switchActiveChain()}>
          {fill(strings.switchActiveChainButton, { network: network.name })}
        </button>
      </div>
    </div>
  )
}
