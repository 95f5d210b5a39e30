/**
 * ApproveTransaction (SPEC §2, §6): what the site asks the embedded wallet to do, in words a
 * visitor can check (the message, the typed data's fields, the recipient, amount and contract
 * call), with Approve and Reject. One request at a time, oldest first; the count of others
 * waiting is said. After a refused method it says "Action not allowed" instead.
 */
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'
import { selectActiveNetwork } from '../../../core/networks/selectors'
import { describeRequest } from '../describeRequest'

export default function ApproveTransaction() {
  const t = useModuleStrings('embeddedWallet')
  const { embeddedWallet, close } = useCommands()
  const pending = useAirlockState((state) => state.embeddedWallet?.pending ?? [])
  const refused = useAirlockState((state) => state.embeddedWallet?.refused ?? null)
  const network = useAirlockState(selectActiveNetwork)
  const site = useAirlockState((state) => state.options.resolved?.metadata?.name ?? null)
  const current = pending.find((p) => !p.approved) ?? pending[0]

  if (!current) {
    return (
      <div className="body center">
        {refused !== null ? (
          <>
            <p className="error" role="alert">
              {t('notAllowed')}
            </p>
            <p className="muted">{t('notAllowedDetail', { method: refused })}</p>
          </>
        ) : (
          <p className="muted">{t('nothing')}</p>
        )}
        <button type="button" className="secondary" onClick={() => close()}>
          {t('close')}
        </button>
      </div>
    )
  }

  const description = describeRequest(current.method, current.params, network?.nativeCurrency.symbol ?? 'ETH')
  const others = pending.filter((p) => p !== current && !p.approved).length
  return (
    <div className="body">
      <p className="muted">{t('requestedBy', { site: site ?? t('thisSite') })}</p>
      <h3 className="approve-kind">{t(`kind.${description.kind}`)}</h3>
      <dl className="approve-lines">
        {network ? (
          <>
            <dt className="muted">{t('line.network')}</dt>
            <dd>{network.name}</dd>
          </>
        ) : null}
        {description.lines.map((line, index) => (
          <div key={index} className="approve-line">
            <dt className="muted">{t(`line.${line.label}`, { name: line.name ?? '' })}</dt>
            <dd className="approve-value">{line.value}</dd>
          </div>
        ))}
      </dl>
      {others > 0 ? <p className="muted">{t('more', { count: others })}</p> : null}
      <div className="link-row">
        <button type="button" className="secondary" disabled={current.approved} onClick={() => embeddedWallet.decide(current.id, false)}>
          {t('reject')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={current.approved}
          aria-busy={current.approved}
          onClick={() => embeddedWallet.decide(current.id, true)}
        >
          {current.approved ? t('working') : t('approve')}
        </button>
      </div>
    </div>
  )
}
