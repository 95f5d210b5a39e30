/**
 * The page-side buttons of `airlock/react`: they live in the site's page (not the modal's shadow
 * root) and carry `airlock-*` class names for the site to style. Every text is from the strings
 * table of the instance's locale.
 */
import type { ButtonHTMLAttributes } from 'react'
import { selectActiveNetwork } from '../../../core/networks/selectors'
import { useStrings } from '../../components/useStrings'
import { fill } from '../../strings/strings'
import { useCommands } from '../useCommands'
import { useAirlockState } from '../useAirlockState'
import { useAccount } from '../hooks'
import { displayBalance, shortAddress } from '../../components/displayFormat'

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children' | 'type'>

/** The connected account: short address and native balance; opens the Account view. */
export function AccountButton(props: ButtonProps) {
  const { open } = useCommands()
  const strings = useStrings()
  const { address, balance, balanceSymbol } = useAccount()
  if (!address) return null
  const shown = displayBalance(balance)
  const amount = shown === undefined ? '' : `${shown} ${balanceSymbol ?? ''}`.trim()
  return (
    <button
      {...props}
      type="button"
      className={`airlock-account-button ${props.className ?? ''}`.trim()}
      aria-label={fill(strings.accountButton, { address })}
      onClick={() => open('Account')}
    >
      <span className="airlock-address">{shortAddress(address)}</span>
      {amount ? <span className="airlock-balance">{amount}</span> : null}
    </button>
  )
}

/** "Connect wallet" while disconnected (opens the modal), the AccountButton once connected. */
export function ConnectButton(props: ButtonProps & { readonly label?: string }) {
  const { open } = useCommands()
  const strings = useStrings()
  const { isConnected, status } = useAccount()
  const { label, ...rest } = props
  if (isConnected) return <AccountButton {...rest} />
  return (
    <button
      {...rest}
      type="button"
      className={`airlock-connect-button ${rest.className ?? ''}`.trim()}
      aria-busy={status === 'connecting'}
      onClick={() => open()}
    >
      {status === 'connecting' ? strings.connectingButton : (label ?? strings.connectButton)}
    </button>
  )
}

/** The active network's name; opens the network picker. */
export function NetworkButton(props: ButtonProps) {
  const { open } = useCommands()
  const strings = useStrings()
  const network = useAirlockState(selectActiveNetwork)
  const name = network?.name ?? strings.unknownNetwork
  return (
    <button
      {...props}
      type="button"
      className={`airlock-network-button ${props.className ?? ''}`.trim()}
      aria-label={fill(strings.networkButton, { name })}
      onClick={() => open('SwitchNetwork')}
    >
      {name}
    </button>
  )
}
