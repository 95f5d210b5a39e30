/** The modal header: back, the view's title, close. */
import { useAirlock } from '../react/context'
import { useAirlockState } from '../react/useAirlockState'
import { selectCanClose, selectView } from '../../core/router/selectors'
import { goBack } from '../../core/router/commands'
import { useStrings } from './useStrings'

export function Header(props: { readonly titleId: string }) {
  const airlock = useAirlock()
  const strings = useStrings()
  const view = useAirlockState(selectView)
  const depth = useAirlockState((state) => state.router.history.length)
  const canClose = useAirlockState(selectCanClose)
  const back = () => goBack(airlock.getState()).forEach((event) => airlock.dispatch(event))
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
        {strings.titles[view] ?? view}
      </h2>
      {canClose ? (
        <button type="button" className="icon-button" onClick={() => airlock.close()} aria-label={strings.close}>
          ×
        </button>
      ) : (
        <span />
      )}
    </div>
  )
}
