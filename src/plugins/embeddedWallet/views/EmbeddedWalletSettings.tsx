/**
 * The embedded wallet's settings, an Account action shown only for it (connector type AUTH): who
 * is signed in and how (SPEC §3 auth wallet info), the account type (SPEC §4, where the network
 * has smart accounts, SPEC §5), the recovery code (shown by the secure frame, never by the page),
 * and a way to change the email when signed in with one.
 */
import { useId } from 'react'
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { selectActiveNetwork, selectIsSmartAccountEnabled } from 'airlock/plugin'
import { preferredEvmAccountType } from '../effects'

export default function EmbeddedWalletSettings() {
  const t = useModuleStrings('embeddedWallet')
  const { embeddedWallet, push } = useCommands()
  const name = useId()
  const user = useAirlockState((state) => state.embeddedWallet?.user ?? null)
  const network = useAirlockState(selectActiveNetwork)
  const smartAccounts = useAirlockState(selectIsSmartAccountEnabled)
  const type = useAirlockState(preferredEvmAccountType)
  const switching = useAirlockState((state) => state.account.pendingAccountType !== null)
  const emailViews = useAirlockState((state) => state.contributions.modules.some((m) => m.views.includes('UpdateEmail')))
  const identifier = user === null ? null : user.provider === 'email' ? user.email : (user.userName ?? user.email)

  return (
    <div className="body">
      {user && identifier !== null ? (
        <p>
          {t('signedInAs', { identifier })} <span className="muted">{t('signedInWith', { provider: t(`provider.${user.provider}`) })}</span>
        </p>
      ) : null}
      <fieldset className="list" disabled={switching || !smartAccounts} aria-busy={switching}>
        <legend>{t('accountType')}</legend>
        {(['eoa', 'smartAccount'] as const).map((option) => (
          <label key={option} className="item">
            <input type="radio" name={name} checked={type === option} onChange={() => embeddedWallet.setAccountType(option)} />
            <span className="name">{t(option)}</span>
          </label>
        ))}
        <p className="muted" aria-live="polite">
          {switching ? t('switching') : smartAccounts ? t('smartAccountHint') : t('smartAccountUnavailable', { network: network?.name ?? '' })}
        </p>
      </fieldset>
      <div>
        <button type="button" className="secondary" onClick={() => push('RecoveryCode')}>
          {t('recoveryCode')}
        </button>
        <p className="muted">{t('recoveryCodeHint')}</p>
      </div>
      {user?.provider === 'email' && emailViews ? (
        <button type="button" className="secondary" onClick={() => push('UpdateEmail')}>
          {t('updateEmail')}
        </button>
      ) : null}
    </div>
  )
}
