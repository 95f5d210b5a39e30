/**
 * The room a recovery view keeps for the secure frame (docs/features/embedded-wallet.md "Who holds what"): the frame shows
 * the recovery code, or the form where it is typed, in its own document; this view only asks it
 * to (on mount), keeps a slot as tall as the frame says, and tells the frame host to place the
 * frame over it (FRAME_SLOT_EVENT), as ApproveTransaction does. The code never reaches the page.
 */
import { useEffect, useLayoutEffect, useRef } from 'react'
import { FRAME_SLOT_EVENT } from '../../embedded/protocol'
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'

export function RecoveryFrame({ mode }: { readonly mode: 'recover' | 'show' }) {
  const t = useModuleStrings('embeddedWallet')
  const { embeddedWallet, back } = useCommands()
  const active = useAirlockState((state) => state.embeddedWallet?.recovery.mode ?? null)
  const error = useAirlockState((state) => state.embeddedWallet?.recovery.error ?? null)
  const frameView = useAirlockState((state) => state.embeddedWallet?.frameView.requestId ?? null)
  const height = useAirlockState((state) => state.embeddedWallet?.frameView.height ?? 0)
  const slot = useRef<HTMLDivElement | null>(null)
  const showing = active === mode && frameView !== null

  // Once per visit of the view: the commands object is new on each render, so it is read through a ref.
  const commands = useRef(embeddedWallet)
  commands.current = embeddedWallet
  useEffect(() => {
    commands.current.startRecovery(mode)
    return () => commands.current.leaveRecovery()
  }, [mode])

  // After every render while the frame shows something, as ApproveTransaction: the host then holds the slot in the page now.
  useLayoutEffect(() => {
    if (showing) slot.current?.dispatchEvent(new Event(FRAME_SLOT_EVENT, { bubbles: true, composed: true }))
  })

  if (showing) {
    return (
      <div className="body">
        <p className="muted">{mode === 'recover' ? t('recoverInFrame') : t('codeInFrame')}</p>
        <div
          ref={slot}
          className="frame-slot"
          tabIndex={0}
          role="group"
          aria-label={mode === 'recover' ? t('recoverInFrame') : t('codeInFrame')}
          data-airlock-frame-slot=""
          style={{ height: `${Math.max(height, 160)}px` }}
        />
      </div>
    )
  }

  return (
    <div className="body center">
      {active === mode ? (
        <p className="muted" role="status" aria-busy="true">
          {t('opening')}
        </p>
      ) : error !== null ? (
        <>
          <p className="error" role="alert">
            {mode === 'recover' ? t('recoveryNotDone') : t('recoveryCodeUnavailable')}
          </p>
          <p className="muted">{error}</p>
          {mode === 'recover' ? (
            <button type="button" className="primary" onClick={() => embeddedWallet.startRecovery(mode)}>
              {t('tryAgain')}
            </button>
          ) : (
            <button type="button" className="secondary" onClick={() => back()}>
              {t('close')}
            </button>
          )}
        </>
      ) : null}
    </div>
  )
}
