/** SwitchNetwork: the network picker. */
import { NetworkList } from './NetworkList'

export function SwitchNetworkView() {
  return (
    <div className="body">
      <NetworkList />
    </div>
  )
}
