/**
 * The page-side buttons of `airlock/react`. They live in the site's page (not the modal's shadow
 * root), themed by the modal's theme (mode and `themeVariables`) through their own adopted
 * stylesheet, and carry `airlock-*` class names a site may style further. Every text is from the
 * strings table of the instance's locale; each button is one native button, labelled for screen
 * readers (compact ones by `aria-label`). Nothing reads `window` while rendering, so server and
 * client render the same HTML.
 */
import type { ButtonHTMLAttributes } from 'react'
import { selectActiveAccount } from '../../../core/account/selectors'
import { selectActiveNetwork } from '../../../core/networks/selectors'
import { useButtonStrings, useLocale } from '../../components/useLocale'
import { Avatar } from '../../components/Avatar'
import { NetworkIcon } from '../../components/NetworkIcon'
import { displayBalance, shortAddress } from '../../components/displayFormat'
import { fill } from '../../strings/fill'
import { useCommands } from '../useCommands'
import { useAirlockState } from '../useAirlockState'
import { useRemoteImage } from '../useRemoteImage'
import { useAccount } from '../hooks'
import { useButtonTheme } from './useButtonTheme'

export type ButtonSize = 'sm' | 'md' | 'lg'

/** What all three buttons take besides a native button's attributes. */
export interface AirlockButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children' | 'type'> {
  /** 32, 40 (the default) or 48 px high. */
  readonly size?: ButtonSize
  /** The icon or avatar alone; the text becomes the button's accessible name. */
  readonly compact?: boolean
}

export interface AccountButtonProps extends AirlockButtonProps {
  /** Show the native balance beside the account (default true). */
  readonly showBalance?: boolean
}

export interface ConnectButtonProps extends AccountButtonProps {
  /** The text while disconnected (default: the strings table's "Connect wallet"). */
  readonly label?: string
}

const ICON_PX: Readonly<Record<ButtonSize, number>> = { sm: 20, md: 24, lg: 28 }

/** The attributes every button shares: class names, size, theme, and the ref that styles it. */
function useLook(props: AirlockButtonProps, kind: 'connect' | 'account' | 'network') {
  const { size = 'md', compact = false, className, ...rest } = props
  const theme = useButtonTheme()
  return {
    rest,
    size,
    compact,
    attributes: {
      ref: theme.ref,
      type: 'button' as const,
      className: `airlock-button airlock-${kind}-button${className ? ` ${className}` : ''}`,
      'data-size': size,
      'data-theme': theme.mode,
      'data-compact': compact ? '' : undefined,
    },
  }
}

/** A wallet, drawn: the compact Connect button's icon. */
function WalletGlyph(props: { readonly size: number }) {
  return (
    <svg className="airlock-icon" viewBox="0 0 24 24" width={props.size} height={props.size} aria-hidden="true" focusable="false">
      <path
        d="M5 6.5h12.5a1.5 1.5 0 0 1 1.5 1.5v1H5.75a.75.75 0 0 1 0-1.5zM4 8.25V17a2 2 0 0 0 2 2h12a1.5 1.5 0 0 0 1.5-1.5v-7H5.75A1.75 1.75 0 0 1 4 8.25zM17.4 14a1.4 1.4 0 1 1-2.8 0 1.4 1.4 0 0 1 2.8 0z"
        fill="currentColor"
        fillRule="evenodd"
      />
    </svg>
  )
}

/**
 * The connected account: its avatar (the identity's, else one drawn from the address), its name
 * or short address, and the native balance apart from it (hidden on a phone-sized screen, still in
 * the label); opens the Account view. Renders nothing while no account is connected.
 *
 * ```tsx
 * <AccountButton size="sm" showBalance={false} />
 * ```
 */
export function AccountButton(props: AccountButtonProps) {
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

/**
 * "Connect wallet" while disconnected (opens the modal), a spinner and "Connecting…" while a
 * connection is being made (`aria-busy`), the AccountButton once connected. `ConnectButtonCustom`
 * (`airlock/react/headless`) is its render-prop form (the state and the actions, the site's own markup).
 *
 * ```tsx
 * <ConnectButton label="Sign in" size="lg" />
 * ```
 */
export function ConnectButton(props: ConnectButtonProps) {
  const { label, showBalance, ...look } = props
  const { open } = useCommands()
  const strings = useButtonStrings()
  const { isConnected, status } = useAccount()
  const { rest, attributes, size, compact } = useLook(look, 'connect')
  if (isConnected) return <AccountButton {...look} {...(showBalance === undefined ? {} : { showBalance })} />
  const connecting = status === 'connecting'
  const text = connecting ? strings.connectingButton : (label ?? strings.connectButton)
  return (
    <button {...rest} {...attributes} aria-busy={connecting} aria-label={compact ? text : rest['aria-label']} onClick={() => open()}>
      {connecting ? <span className="airlock-spinner" aria-hidden="true" /> : compact ? <WalletGlyph size={ICON_PX[size]} /> : null}
      {compact ? null : <span>{text}</span>}
    </button>
  )
}

/**
 * The active network's icon and name (the name hidden on a phone-sized screen); opens the network
 * picker.
 *
 * ```tsx
 * <NetworkButton compact />
 * ```
 */
export function NetworkButton(props: AirlockButtonProps) {
  const { open } = useCommands()
  const strings = useButtonStrings()
  const network = useAirlockState(selectActiveNetwork)
  const { rest, attributes, size, compact } = useLook(props, 'network')
  const name = network?.name ?? strings.unknownNetwork
  return (
    <button {...rest} {...attributes} aria-label={fill(strings.networkButton, { name })} onClick={() => open('SwitchNetwork')}>
      <NetworkIcon network={network ?? undefined} size={ICON_PX[size]} className="airlock-icon" />
      {compact ? null : (
        <>
          <span className="airlock-network-name">{name}</span>
          {/* A picker opens: the chevron says so. */}
          <svg className="airlock-chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </>
      )}
    </button>
  )
}
