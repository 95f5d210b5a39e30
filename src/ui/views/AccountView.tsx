/**
 * Account: its drawing (AccountBody.tsx, with the avatar, the balance's number formatting and the
 * connected wallets) is a chunk of its own (issue 27 §1), so a disconnected visitor's page does not
 * fetch it with the modal at idle. The modal fetches it as a connection starts or once one exists
 * (mount.tsx), so the view is usually drawn at once; else LazyView's status shows until it is in.
 */
import { useState, type ComponentType } from 'react'
import { useCommands } from '../react/useCommands'
import { LazyView } from '../components/LazyView'

let Body: ComponentType | undefined

/** Fetch Account's drawing (once; a failed fetch is tried again at the next call). */
export const loadAccountView = (): Promise<{ readonly default: ComponentType }> =>
  import('./AccountBody').then((module) => {
    Body = module.default
    return module
  })

export function AccountView() {
  const { reportViewError } = useCommands()
  // Its chunk in when the view is first drawn: drawn at once (the same element LazyView draws, without its status first).
  const [Drawn] = useState(() => Body)
  return Drawn ? (
    <div className="body">
      <Drawn />
    </div>
  ) : (
    <LazyView loader={loadAccountView} view="Account" onError={(error) => reportViewError('router', 'Account', error)} />
  )
}
