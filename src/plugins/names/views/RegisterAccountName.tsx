/**
 * RegisterAccountName (SPEC §2): the name field with the zone after it (SPEC §9 branded suffix),
 * what is wrong with the label as it is typed (SPEC §5), whether the name is free and free names
 * to take instead (each a button), and Register, which asks the wallet to sign. A failed
 * registration comes back here with SPEC §8's "Error registering name {name}".
 */
import { useId } from 'react'
import { shortAddress, useAirlockState, useCommands, useModuleStrings, Button, List, Row } from 'airlock/plugin'
import { NAME_SUFFIXES } from '../label'
import { selectNameForm } from '../selectors'

export default function RegisterAccountName() {
  const t = useModuleStrings('names')
  const { names } = useCommands()
  const form = useAirlockState(selectNameForm)
  const id = useId()
  const { names: state } = form
  if (!form.supported || form.address === null) {
    return (
      <p className="body error" role="alert">
        {t('errors.unsupportedChain')}
      </p>
    )
  }

  // Each line under the field, spelled out so a check over the code finds every key in the strings.
  const status =
    form.problem === 'short'
      ? { className: 'error', text: t('problems.short') }
      : form.problem === 'characters'
        ? { className: 'error', text: t('problems.characters') }
        : form.name === null
          ? null
          : form.availability === 'checking'
            ? { className: 'muted', text: t('checking', { name: form.name }) }
            : form.availability === 'available'
              ? { className: 'muted', text: t('available', { name: form.name }) }
              : form.availability === 'taken'
                ? { className: 'error', text: t('taken', { name: form.name }) }
                : state.lookup.status === 'failed'
                  ? { className: 'error', text: t('errors.suggestions') }
                  : null
  const failure =
    state.failure === null
      ? null
      : state.failure.reason === 'unsupportedChain'
        ? t('errors.unsupportedChain')
        : state.failure.reason === 'noAccount'
          ? t('errors.noAccount')
          : t('errors.register', { name: state.failure.name })

  return (
    <form
      className="body"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        names.register()
      }}
    >
      <p className="muted">{t('intro', { address: shortAddress(form.address) })}</p>
      <div className="inline-form">
        <label htmlFor={`${id}-label`}>{t('label')}</label>
        <input
          id={`${id}-label`}
          className="field"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={state.text}
          aria-invalid={form.problem === 'short' || form.problem === 'characters' || form.availability === 'taken'}
          aria-describedby={`${id}-suffix ${id}-status`}
          onChange={(event) => names.enterLabel(event.currentTarget.value)}
        />
        <span id={`${id}-suffix`} className="muted">
          {NAME_SUFFIXES.branded}
        </span>
      </div>
      <p id={`${id}-status`} role="status">
        {status === null ? null : <span className={status.className}>{status.text}</span>}
      </p>
      {form.suggestions.length > 0 ? (
        <>
          <p className="muted">{t('suggestions')}</p>
          <List label={t('suggestions')}>
            {form.suggestions.map((suggestion) => (
              <Row key={suggestion.name} title={suggestion.name} onSelect={() => names.chooseSuggestion(suggestion.name)} />
            ))}
          </List>
        </>
      ) : null}
      {failure === null ? null : (
        <p className="error" role="alert">
          {failure}
          {state.failure?.reason === 'rejected' ? <span className="muted"> {t('rejected')}</span> : null}
        </p>
      )}
      <p className="link-row">
        <Button type="submit" variant="primary" wide disabled={!form.canRegister} busy={state.registering !== null}>
          {state.registering !== null ? t('registering') : t('register')}
        </Button>
      </p>
    </form>
  )
}
