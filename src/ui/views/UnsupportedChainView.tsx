/** UnsupportedChain (SPEC §2): the wallet is on a network the site does not support. */
import { useStrings } from '../components/useStrings'
import { NetworkList } from './NetworkList'

export function UnsupportedChainView() {
  const strings = useStrings()
  return (
    <div className="body">
      <p className="muted">{strings.unsupportedChainHint}</p>
      <NetworkList />
    </div>
  )
}
