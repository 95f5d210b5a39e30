/** The configured networks, the active one marked; picking one asks to switch. */
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { selectActiveCaipNetworkId, selectAllNetworks } from '../../core/networks/selectors'
import { ListItem } from '../components/ListItem'
import { NetworkIcon } from '../components/NetworkIcon'
import { useStrings } from '../components/useStrings'

export function NetworkList() {
  const { pickNetwork } = useCommands()
  const strings = useStrings()
  const networks = useAirlockState(selectAllNetworks)
  const active = useAirlockState(selectActiveCaipNetworkId)
  return (
    <ul className="list" aria-label={strings.titles.SwitchNetwork}>
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            name={network.name}
            image={<NetworkIcon network={network} size={36} className="network-icon" />}
            current={network.caipNetworkId === active}
            tag={network.caipNetworkId === active ? strings.currentNetwork : undefined}
            // Switching goes through the wallet; once switched the picker goes back (src/core).
            onSelect={() => pickNetwork(network.caipNetworkId)}
          />
        </li>
      ))}
    </ul>
  )
}
