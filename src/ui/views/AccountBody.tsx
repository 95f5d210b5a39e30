/**
 * Account, drawn (AccountView.tsx shows it; a chunk of its own, fetched as a connection starts, issue
 * 27 §1): the account's avatar (the identity's, else one drawn from the address) with the connected
 * wallet's icon, its name, the address (copyable), the native balance, the actions and tabs the
 * loaded plugins add for the active namespace (ordered in src/core/contributions), the network with
 * its icon, disconnect.
 */
import type { KeyboardEvent } from 'react'
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { useModuleStrings } from '../react/useModuleStrings'
import { selectActiveAccount } from '../../core/account/selectors'
import { selectCurrentAccountTab } from '../../core/account/tabSelectors'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { selectAddressExplorerUrl } from '../../core/networks/explorerSelectors'
import { fill } from '../strings/strings'
import { selectAccountActions, selectAccountTabs, type AccountAction, type AccountTab } from '../../core/contributions/selectors'
import type { ViewName } from '../../core/router/views'
import type { ConnectedWalletInfo } from '../../events/account'
import { PluginView } from '../components/PluginView'
import { useLocale, useStrings } from '../components/useStrings'
import { displayBalance, shortAddress } from '../components/displayFormat'
import { Avatar } from '../components/Avatar'
import { NetworkIcon } from '../components/NetworkIcon'
import { useRemoteImage } from '../react/useRemoteImage'
import { isSafeImageUrl } from '../components/safeImageUrl'
import { selectConnectedWallets } from '../../core/connection/walletsSelectors'

/**
 * The account's avatar (SPEC §4 identity sync) or one drawn from its address, the connected
 * wallet's icon on its corner (as the wallet announced it), and its name when it has one.
 */
function Identity(props: { readonly address: string; readonly name: string | null; readonly image: string | null; readonly walletIcon: string | undefined }) {
  const avatar = useRemoteImage(props.image)
  return (
    <>
      <span className="identity">
        <Avatar seed={props.address} src={avatar} size={64} className="avatar" />
        {isSafeImageUrl(props.walletIcon) ? <img className="wallet-badge" src={props.walletIcon} alt="" width={24} height={24} /> : null}
      </span>
      {props.name ? <strong className="profile-name">{props.name}</strong> : null}
    </>
  )
}

/** Two overlapping sheets: the copy icon. */
function CopyGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="5.5" y="5.5" width="8" height="8" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M10.5 3.5v-.25A1.75 1.75 0 0 0 8.75 1.5h-5.5A1.75 1.75 0 0 0 1.5 3.25v5.5c0 .97.78 1.75 1.75 1.75h.25"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  )
}

/** An arrow leaving a door: the disconnect icon. */
function LeaveGlyph() {
  return (
    <svg className="network-icon" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="var(--al-bg)" />
      <path
        d="M14 10h-3a1.5 1.5 0 0 0-1.5 1.5v9A1.5 1.5 0 0 0 11 22h3M18 12l4 4-4 4M22 16h-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** One plugin's Account button; its label is a key of that plugin's strings. */
function ActionButton(props: { readonly action: AccountAction }) {
  const { push } = useCommands()
  const t = useModuleStrings(props.action.moduleId)
  const { view } = props.action
  return (
    <li>
      {/* Registered with the plugin that brings it (checked at load), so the router accepts it. */}
      <button type="button" className="secondary" onClick={() => push(view as ViewName)}>
        {t(props.action.label)}
      </button>
    </li>
  )
}

function TabLabel(props: { readonly tab: AccountTab }) {
  const t = useModuleStrings(props.tab.moduleId)
  return <>{t(props.tab.label)}</>
}

/**
 * The plugins' tabs (Tokens, NFTs, Activity): a tab list and the chosen tab's view. The choice is
 * kept in state per namespace (`chooseAccountTab`); `selectCurrentAccountTab` says which to show.
 */
function Tabs(props: { readonly tabs: readonly AccountTab[] }) {
  const strings = useStrings()
  const { chooseAccountTab } = useCommands()
  const current = useAirlockState(selectCurrentAccountTab)
  if (!current) return null
  const index = props.tabs.indexOf(current)
  const id = (tab: AccountTab) => `al-tab-${tab.moduleId}-${tab.id}`
  // The ARIA tabs pattern: arrow keys move between tabs (the list is one tab stop).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + props.tabs.length) % props.tabs.length
    const tab = props.tabs[next]
    if (tab) chooseAccountTab(tab)
    event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={strings.accountSections} onKeyDown={onKeyDown}>
        {props.tabs.map((tab, i) => (
          <button
            key={id(tab)}
            id={id(tab)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={i === index}
            aria-controls={`${id(tab)}-panel`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => chooseAccountTab(tab)}
          >
            <TabLabel tab={tab} />
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id(current)}-panel`} aria-labelledby={id(current)}>
        <PluginView key={id(current)} moduleId={current.moduleId} view={current.view} inline />
      </div>
    </div>
  )
}

/** Who is signed in to an embedded wallet (SPEC §3 auth wallet info: the email or user name, and the provider). */
function SignedIn({ info }: { readonly info: ConnectedWalletInfo | null }) {
  const strings = useStrings()
  // Only the auth wallet's info has a sign-in, identifier and provider (SPEC §3; src/core/account/reducer.ts).
  if (!info?.identifier || !info.social) return null
  const how = `signedInWith.${info.social}`
  const value: unknown = strings[how as keyof typeof strings]
  const with_ = typeof value === 'string' ? value : ''
  return (
    <span className="muted signed-in">
      {fill(strings.signedInAs, { identifier: info.identifier })} {with_}
    </span>
  )
}

/**
 * Several wallets at once (issue 28 §2): the wallets connected in the active namespace, the active
 * one marked; each other one can be made active, each one disconnected alone (the last one ends
 * the namespace's connection); and a way to connect one more (Connect; the new one becomes active).
 */
function ConnectedWallets() {
  const strings = useStrings()
  const { push, switchWallet, disconnectWallet } = useCommands()
  const wallets = useAirlockState(selectConnectedWallets)
  return (
    <section className="connected-wallets" aria-label={strings.connectedWallets}>
      {wallets.length > 1 ? (
        <ul className="list">
          {wallets.map((wallet) => (
            <li key={wallet.connectorId} className="item" data-connector-id={wallet.connectorId} aria-current={wallet.active ? 'true' : undefined}>
              {isSafeImageUrl(wallet.icon) ? <img src={wallet.icon} alt="" width={24} height={24} /> : null}
              <span className="name">
                {wallet.name}
                {wallet.address ? <span className="muted"> {shortAddress(wallet.address)}</span> : null}
              </span>
              {wallet.active ? (
                <span className="tag">{strings.activeWallet}</span>
              ) : (
                <button type="button" className="secondary small" onClick={() => switchWallet(wallet.connectorId)}>
                  {fill(strings.useWallet, { name: wallet.name })}
                </button>
              )}
              <button type="button" className="secondary small" onClick={() => disconnectWallet(wallet.connectorId)}>
                {fill(strings.disconnectWallet, { name: wallet.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="secondary" onClick={() => push('Connect')}>
        {strings.connectAnotherWallet}
      </button>
    </section>
  )
}

/** What Account's view body holds (the view wraps it in its body). */
export default function AccountBody() {
  const { push, disconnect, notify } = useCommands()
  const strings = useStrings()
  const locale = useLocale()
  const account = useAirlockState(selectActiveAccount)
  const network = useAirlockState(selectActiveNetwork)
  const actions = useAirlockState(selectAccountActions)
  const tabs = useAirlockState(selectAccountTabs)
  const address = account?.address ?? null
  const explorerUrl = useAirlockState(selectAddressExplorerUrl)
  const explorerName = network?.blockExplorers?.default.name
  const balanceSymbol = account?.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''

  const copy = async () => {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      notify('success', { key: 'addressCopied' })
    } catch {
      // Clipboard refused (permissions): the address stays selectable on screen.
    }
  }

  return (
    <>
      <div className="center">
        {address ? (
          <>
            <Identity
              address={address}
              name={account?.profileName ?? null}
              image={account?.profileImage ?? null}
              walletIcon={account?.connectedWalletInfo?.icon}
            />
            <span className="address-row">
              <span className="address" title={address}>
                {shortAddress(address)}
              </span>
              <button type="button" className="icon-button small" onClick={copy} aria-label={strings.copyAddress} title={strings.copyAddress}>
                <CopyGlyph />
              </button>
            </span>
            <SignedIn info={account?.connectedWalletInfo ?? null} />
            {explorerUrl && explorerName ? (
              <a className="explorer" href={explorerUrl} target="_blank" rel="noopener noreferrer">
                {fill(strings.viewOnExplorer, { name: explorerName })}
              </a>
            ) : null}
          </>
        ) : null}
        <span aria-live="polite">
          <span className="visually-hidden">{strings.balance}: </span>
          {/* Amount's markup (airlock/plugin), written out: the primitives are a chunk of their own,
              and the modal's first open should not wait for one more file. */}
          <span className="figure" data-size="lg">
            <span className="figure-value">{displayBalance(account?.balance, locale) ?? '—'}</span>
            {balanceSymbol ? (
              <>
                {' '}
                <span className="figure-unit">{balanceSymbol}</span>
              </>
            ) : null}
          </span>
        </span>
      </div>
      {actions.length > 0 ? (
        <ul className="actions" aria-label={strings.accountActions}>
          {actions.map((action) => (
            <ActionButton key={`${action.moduleId}:${action.id}`} action={action} />
          ))}
        </ul>
      ) : null}
      {tabs.length > 0 ? <Tabs tabs={tabs} /> : null}
      <ConnectedWallets />
      <ul className="list">
        <li>
          <button type="button" className="item" onClick={() => push('SwitchNetwork')}>
            <NetworkIcon network={network ?? undefined} size={32} className="network-icon" />
            <span className="name">
              <span className="visually-hidden">{strings.network}: </span>
              {network?.name ?? '—'}
            </span>
            <span className="tag">{strings.switchNetwork}</span>
          </button>
        </li>
        <li>
          <button type="button" className="item" onClick={() => disconnect()}>
            <LeaveGlyph />
            <span className="name">{strings.disconnect}</span>
          </button>
        </li>
      </ul>
    </>
  )
}
