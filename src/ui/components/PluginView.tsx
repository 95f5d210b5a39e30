/**
 * A plugin's view, loaded when first shown (LazyView): its loader is `views` of the plugin's
 * module, so enabling a feature fetches its UI only when a visitor goes there. A failed load or
 * render is reported as the plugin's MODULE_ERROR.
 */
import { useAirlock } from '../react/context'
import { useCommands } from '../react/useCommands'
import { HeldView, LazyView } from './LazyView'

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
  // A Connect entry its manifest declares holds its box until the module is in (PLUGIN_LOADING);
  // between a plugin's removal and the router dropping its views there is nothing to draw.
  if (!loader) return props.inline && props.height ? <HeldView height={props.height} /> : null
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
