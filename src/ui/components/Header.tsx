/** The modal header: back, the view's title, close. */
import { useAirlockState } from '../react/useAirlockState'
import { useCommands } from '../react/useCommands'
import { useModuleStrings } from '../react/useModuleStrings'
import { selectCanClose, selectDepth, selectView, selectViewOwner } from '../../core/router/selectors'
import { viewTitleKey } from '../../kernel/contributions'
import { useStrings } from './useStrings'

export function Header(props: { readonly titleId: string }) {
  const { back, close } = useCommands()
  const strings = useStrings()
  const view = useAirlockState(selectView)
  const owner = useAirlockState(selectViewOwner)
  const depth = useAirlockState(selectDepth)
  const canClose = useAirlockState(selectCanClose)
  // A plugin's view takes its title from the plugin's strings (`titles.<View>`, checked at load).
  const t = useModuleStrings(owner ?? '')
  const title = owner === undefined ? strings.titles[view] : t(viewTitleKey(view))
  return (
    <div className="header">
      {depth > 1 ? (
        <button type="button" className="icon-button" onClick={back} aria-label={strings.back}>
          ‹
        </button>
      ) : (
        <span />
      )}
      <h2 className="title" id={props.titleId}>
        {title}
      </h2>
      {canClose ? (
        <button type="button" className="icon-button" onClick={close} aria-label={strings.close}>
          ×
        </button>
      ) : (
        <span />
      )}
    </div>
  )
}
