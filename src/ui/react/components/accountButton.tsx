/**
 * The connected account's button, drawn (buttons.tsx's AccountButton renders it once this chunk is
 * in): a chunk of its own, fetched when a connection starts, so a page whose visitor has not
 * connected loads neither the avatar nor the balance's number formatting (issue 27 §1).
 */
import { selectActiveAccount } from '../../../core/account/selectors'
import { useButtonStrings, useLocale } from '../../components/useLocale'
import { Avatar } from '../../components/Avatar'
import { displayBalance, shortAddress } from '../../components/displayFormat'
import { fill } from '../../strings/fill'
import { useCommands } from '../useCommands'
import { useAirlockState } from '../useAirlockState'
import { useRemoteImage } from '../useRemoteImage'
import { useAccount } from '../hooks'
import { ICON_PX, useLook, type AccountButtonProps } from './buttonLook'

/** AccountButton once its chunk is in: renders nothing while no account is connected. */
export function LoadedAccountButton(props: AccountButtonProps) {
  const { showBalance = true, ...look } = props
  const { open } = useCommands()
  const strings = useButtonStrings()
  const locale = useLocale()
  const { address, balance, balanceSymbol } = useAccount()
  const account = useAirlockState(selectActiveAccount)
  const image = useRemoteImage(account?.profileImage)
  const { rest, attributes, size, compact } = useLook(look, 'account')
  if (!address) return null
  const shown = showBalance ? displayBalance(balance, locale) : undefined
  const amount = shown === undefined ? undefined : `${shown} ${balanceSymbol ?? ''}`.trim()
  const who = account?.profileName ?? shortAddress(address)
  const label = fill(strings.accountButton, { address: who })
  return (
    <button
      {...rest}
      {...attributes}
      data-balance={amount === undefined || compact ? undefined : ''}
      aria-label={amount === undefined ? label : fill(strings.accountButtonBalance, { account: label, balance: amount })}
      title={rest.title ?? address}
      onClick={() => open('Account')}
    >
      {/* The space keeps the two apart in the text too (copied, or read without the label); flex lays them out. */}
      {amount === undefined || compact ? null : (
        <>
          <span className="airlock-balance">{amount}</span>{' '}
        </>
      )}
      <span className="airlock-identity">
        <Avatar seed={address} src={image} size={ICON_PX[size]} className="airlock-icon airlock-avatar" />
        {compact ? null : <span className="airlock-address">{who}</span>}
      </span>
    </button>
  )
}
