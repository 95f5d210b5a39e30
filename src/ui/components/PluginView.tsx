/**
 * A plugin's view, loaded when first shown (LazyView): its loader is `views` of the plugin's
 * module, so enabling a feature fetches its UI only when a visitor goes there. A failed load or
 * render is reported as the plugin's MODULE_ERROR.
 */
import { useAirlock } from '../react/context'
import { useCommands } from '../react/useCommands'
import { LazyView } from './LazyView'

/**
 * Render the view `view` of the loaded plugin `moduleId`. `inline` is for a view shown inside
 * another (an Account tab, a Connect entry): no view padding around it; `height`, an inline view's
 * (ConnectMethodSpec.height), holds its place while it loads.
 *
 * ```tsx
 * <PluginView moduleId="send" view="WalletSend" />
 * ```
 */
export function PluginView(props: { readonly moduleId: string; readonly view: string; readonly inline?: boolean; readonly height?: string | undefined }) {
  const airlock = useAirlock()
  const { reportViewError } = useCommands()
  const loader = airlock._internal.modules().find((m) => m.id === props.moduleId)?.views?.[props.view]
  // Between a plugin's removal and the router dropping its views there is nothing to draw.
  if (!loader) return null
  return (
    <LazyView
      loader={loader}
      view={props.view}
      inline={props.inline}
      height={props.height}
      onError={(error) => reportViewError(props.moduleId, props.view, error)}
    />
  )
}
