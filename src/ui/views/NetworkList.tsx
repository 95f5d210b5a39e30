/** The configured networks, the active one marked; picking one asks the instance to switch. */
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { selectActiveCaipNetworkId, selectAllNetworks } from '../../core/networks/selectors'
import { selectView } from '../../core/router/selectors'
import { goBack } from '../../core/router/commands'
import { ListItem } from '../components/ListItem'
import { WalletImage } from '../components/WalletImage'
import { useStrings } from '../components/useStrings'

export function NetworkList() {
  const airlock = useAirlock()
  const strings = useStrings()
  const networks = useAirlockState(selectAllNetworks)
  const active = useAirlockState(selectActiveCaipNetworkId)
  return (
    <ul className="list" aria-label={strings.titles.SwitchNetwork}>
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            name={network.name}
            image={<WalletImage name={network.name} />}
            current={network.caipNetworkId === active}
            tag={network.caipNetworkId === active ? strings.currentNetwork : undefined}
            onSelect={() => {
              try {
                airlock.switchNetwork(network.caipNetworkId).then(
                  () => {
                    // Switched: back to where the picker was opened from.
                    const state = airlock.getState()
                    if (state.router.open && selectView(state) === 'SwitchNetwork') goBack(state).forEach((e) => airlock.dispatch(e))
                  },
                  () => {
                    // Refused by the wallet: NETWORK_SWITCH_FAILED has already gone back (SPEC §4).
                  },
                )
              } catch {
                // Unknown network: the instance raised the Network Not Found alert.
              }
            }}
          />
        </li>
      ))}
    </ul>
  )
}
