/**
 * Account: the connected address (copyable), the native balance, the actions and tabs the loaded
 * plugins add for the active namespace (ordered in src/core/contributions), the network, disconnect.
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
import { useStrings } from '../components/useStrings'
import { displayBalance, shortAddress } from '../components/displayFormat'
import { useRemoteImage } from '../react/useRemoteImage'

/** The account's name and avatar (SPEC §4 identity sync), when it has them. */
function Identity(props: { readonly name: string | null; readonly image: string | null }) {
  const avatar = useRemoteImage(props.image)
  if (!props.name && !avatar) return null
  return (
    <>
      {avatar ? <img className="avatar" src={avatar} alt="" width={64} height={64} /> : null}
      {props.name ? <strong className="profile-name">{props.name}</strong> : null}
    </>
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
  if (!info?.identifier) return null
  const how = `signedInWith.${info.social ?? 'email'}`
  const value: unknown = strings[how as keyof typeof strings]
  const with_ = typeof value === 'string' ? value : ''
  return (
    <span className="muted signed-in">
      {fill(strings.signedInAs, { identifier: info.identifier })} {with_}
    </span>
  )
}

export function AccountView() {
  const { push, disconnect, notify } = useCommands()
  const strings = useStrings()
  const account = useAirlockState(selectActiveAccount)
  const network = useAirlockState(selectActiveNetwork)
  const actions = useAirlockState(selectAccountActions)
  const tabs = useAirlockState(selectAccountTabs)
  const address = account?.address ?? null
  const explorerUrl = useAirlockState(selectAddressExplorerUrl)
  const explorerName = network?.blockExplorers?.default.name

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
    <div className="body">
      <div className="center">
        {address ? (
          <>
            <Identity name={account?.profileName ?? null} image={account?.profileImage ?? null} />
            <span className="address" title={address}>
              {shortAddress(address)}
            </span>
            <SignedIn info={account?.connectedWalletInfo ?? null} />
            <button type="button" className="secondary" onClick={copy} aria-label={strings.copyAddress}>
              {strings.copyAddress}
            </button>
            {explorerUrl && explorerName ? (
              <a className="explorer" href={explorerUrl} target="_blank" rel="noopener noreferrer">
                {fill(strings.viewOnExplorer, { name: explorerName })}
              </a>
            ) : null}
          </>
        ) : null}
        <span className="muted">{strings.balance}</span>
        <span className="balance" aria-live="polite">
          {displayBalance(account?.balance) ?? '—'} {account?.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''}
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
      <ul className="list">
        <li>
          <button type="button" className="item" onClick={() => push('SwitchNetwork')}>
            <span className="name">
              <span className="visually-hidden">{strings.network}: </span>
              {network?.name ?? '—'}
            </span>
            <span className="tag">{strings.switchNetwork}</span>
          </button>
        </li>
        <li>
          <button type="button" className="item" onClick={() => disconnect()}>
            <span className="name">{strings.disconnect}</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
