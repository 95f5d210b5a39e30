/**
 * ApproveTransaction (SPEC §2, §6): the modal's room for the secure frame, which shows what the
 * site asks (the message, the typed data's fields, the recipient, amount, contract call, network
 * and fee) with its own Approve and Reject, on the frame's origin (DESIGN "The secure frame
 * decides"). This view decides nothing: it keeps a slot as tall as the frame's view says and
 * tells the frame host to place the frame over it (FRAME_SLOT_EVENT). While the frame carries out
 * an approved request it says so; after a refused method it says "Action not allowed".
 */
import { useLayoutEffect, useRef } from 'react'
import { FRAME_SLOT_EVENT } from '../../../embedded/protocol'
import { useAirlockState, useCommands, useModuleStrings } from 'airlock/plugin'

export default function ApproveTransaction() {
  const t = useModuleStrings('embeddedWallet')
  const { close } = useCommands()
  const pending = useAirlockState((state) => state.embeddedWallet?.pending.length ?? 0)
  const frameView = useAirlockState((state) => state.embeddedWallet?.frameView.requestId ?? null)
  const height = useAirlockState((state) => state.embeddedWallet?.frameView.height ?? 0)
  const refused = useAirlockState((state) => state.embeddedWallet?.refused ?? null)
  const slot = useRef<HTMLDivElement | null>(null)
  const showing = frameView !== null

  // Said after every render while the frame shows something: the host then always holds the
  // slot that is in the page now (the modal may have remounted this view since).
  useLayoutEffect(() => {
    if (showing) slot.current?.dispatchEvent(new Event(FRAME_SLOT_EVENT, { bubbles: true, composed: true }))
  })

  if (showing) {
    return (
      <div className="body">
        <div
          ref={slot}
          className="frame-slot"
          tabIndex={0}
          role="group"
          aria-label={t('inFrame')}
          data-airlock-frame-slot=""
          style={{ height: `${Math.max(height, 160)}px` }}
        />
      </div>
    )
  }

  return (
    <div className="body center">
      {pending > 0 ? (
        <p className="muted" role="status" aria-busy="true">
          {t('working')}
        </p>
      ) : refused !== null ? (
        <>
          <p className="error" role="alert">
            {t('notAllowed')}
          </p>
          <p className="muted">{t('notAllowedDetail', { method: refused })}</p>
        </>
      ) : (
        <p className="muted">{t('nothing')}</p>
      )}
      {pending > 0 ? null : (
        <button type="button" className="secondary" onClick={() => close()}>
          {t('close')}
        </button>
      )}
    </div>
  )
}
