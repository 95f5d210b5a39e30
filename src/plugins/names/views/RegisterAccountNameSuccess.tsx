/** RegisterAccountNameSuccess (SPEC §2): the name registered, and a button back to Account. */
import { shortAddress, useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'
import { selectNameForm } from '../selectors'

export default function RegisterAccountNameSuccess() {
  const t = useModuleStrings('names')
  const { names } = useCommands()
  const form = useAirlockState(selectNameForm)
  const name = form.names.registered
  return (
    <div className="body center">
      {name === null ? null : (
        <p className="profile-name" role="status">
          {t('success', { name })}
        </p>
      )}
      {form.address === null ? null : <p className="muted">{t('successDetail', { address: shortAddress(form.address) })}</p>}
      <button type="button" className="primary" onClick={() => names.backToAccount()}>
        {t('backToAccount')}
      </button>
    </div>
  )
}
