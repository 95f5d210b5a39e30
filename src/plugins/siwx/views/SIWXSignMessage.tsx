/**
 * SIWXSignMessage (SPEC §2): the site's name and icon (options.metadata), the account, Sign and
 * Cancel. Sign asks the wallet through the plugin's effects; a failure shows SPEC §8's message and
 * Sign again. Close is disabled by the plugin's lock while sign-in is required without a session.
 */
import { type RootState, useAirlockState, useCommands, useModuleStrings, shortAddress, useRemoteImage } from 'airlock/plugin'
import { initialSiwxState } from '../state'
import { signInAccount } from '../target'

const selectMetadata = (state: RootState) => state.options.resolved?.metadata ?? null
const selectSiwx = (state: RootState) => state.siwx ?? initialSiwxState

export default function SIWXSignMessage() {
  const t = useModuleStrings('siwx')
  const { siwx } = useCommands()
  const metadata = useAirlockState(selectMetadata)
  const account = useAirlockState(signInAccount)
  const { signing, error, errorDetail } = useAirlockState(selectSiwx)
  const icon = useRemoteImage(metadata?.icons[0])
  const name = metadata?.name || t('thisSite')
  const address = account === null ? null : account.slice(account.lastIndexOf(':') + 1)

  return (
    <div className="body center">
      {icon ? <img src={icon} alt={t('siteIcon', { name })} width={56} height={56} /> : null}
      <p>{t('intro', { name })}</p>
      <p className="muted">{t('explain')}</p>
      {address === null ? null : (
        <dl>
          <dt className="muted">{t('account')}</dt>
          <dd data-testid="siwx-account" title={address}>
            {shortAddress(address)}
          </dd>
        </dl>
      )}
      {error === null ? null : (
        <p className="error" role="alert">
          {t(`errors.${error}`)}
          {errorDetail === null ? null : (
            <>
              <br />
              <span className="muted">{errorDetail}</span>
            </>
          )}
        </p>
      )}
      <div className="link-row">
        <button type="button" className="secondary" disabled={signing} onClick={() => siwx.cancel()}>
          {t('cancel')}
        </button>
        <button type="button" className="primary" disabled={signing || address === null} aria-busy={signing} onClick={() => siwx.sign()}>
          {signing ? t('signing') : t('sign')}
        </button>
      </div>
    </div>
  )
}
