/**
 * A view whose code loads when first shown: its loader is a dynamic import, called once per loader
 * (the loaded component is kept). While the chunk loads a labelled status shows (an inline view of a
 * known height: an empty box of that height); a chunk that fails
 * to load (or a view that throws) shows an error with a retry, and `onError` reports it. Plugin
 * views load this way (PluginView).
 *
 * Not React.lazy and Suspense: React holds back content that replaces a Suspense fallback for
 * 300 ms after the fallback showed, so a view whose chunk arrives in 50 ms would still wait
 * (bench/account measured the first Tokens frame at about 350 ms, mostly that wait). Here the view
 * shows in the render after its chunk arrives.
 */
import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import type { ViewLoader } from '../../kernel/module'
import { AirlockError } from '../../kernel/errors'
import { useStrings } from './useStrings'

const loaded = new WeakMap<ViewLoader, ComponentType>()
const loading = new WeakMap<ViewLoader, Promise<ComponentType>>()

/** The view's component: loaded once per loader (a failed load is forgotten, so a retry imports again). */
function loadView(loader: ViewLoader, view: string): Promise<ComponentType> {
  let pending = loading.get(loader)
  if (!pending) {
    pending = loader().then((module) => {
      const candidate = module.default
      if (typeof candidate !== 'function' && (typeof candidate !== 'object' || candidate === null)) {
        throw new AirlockError(`The view "${view}" did not load a component: its module needs a default export`)
      }
      loaded.set(loader, candidate as ComponentType)
      return candidate as ComponentType
    })
    pending.catch(() => loading.delete(loader))
    loading.set(loader, pending)
  }
  return pending
}

interface BoundaryProps {
  readonly failed: ReactNode
  readonly onError: (error: unknown) => void
  readonly children: ReactNode
}

/** Catches a failed load or render below it and shows `failed` instead. */
class ViewBoundary extends Component<BoundaryProps, { readonly error: boolean }> {
  override state = { error: false }
  static getDerivedStateFromError(): { error: boolean } {
    return { error: true }
  }
  override componentDidCatch(error: unknown): void {
    this.props.onError(error)
  }
  override render(): ReactNode {
    return this.state.error ? this.props.failed : this.props.children
  }
}

export interface LazyViewProps {
  /** Imports the view's module; its default export is the view. */
  readonly loader: ViewLoader
  /** The view's name, for the error of a module without a default export. */
  readonly view: string
  /** A failed load or render. */
  readonly onError: (error: unknown) => void
  /** Shown inside another view (an Account tab, a Connect entry): no view padding around it. */
  readonly inline?: boolean
  /**
   * An inline view's height (a CSS length; a Connect entry's, ConnectMethodSpec.height): while the
   * chunk loads, an empty box of that height holds its place, busy but not a status of its own (a
   * "Loading…" per entry would be announced once for each), so nothing below moves when it arrives.
   */
  readonly height?: string | undefined
}

/**
 * ```tsx
 * <LazyView loader={() => import('./views/SignMessageView')} view="SignMessage" onError={report} />
 * ```
 */
export function LazyView(props: LazyViewProps) {
  const strings = useStrings()
  const { loader, view, onError } = props
  const [attempt, setAttempt] = useState(0)
  const [failedLoad, setFailedLoad] = useState<{ readonly loader: ViewLoader; readonly attempt: number } | null>(null)
  const [, setArrived] = useState<ComponentType | null>(null)
  const View = loaded.get(loader)
  useEffect(() => {
    if (loaded.has(loader)) return
    let live = true
    loadView(loader, view).then(
      (component) => live && setArrived(() => component),
      (error: unknown) => {
        if (!live) return
        setFailedLoad({ loader, attempt })
        onError(error)
      },
    )
    return () => {
      live = false
    }
  }, [loader, view, attempt, onError])
  const wrap = (content: ReactNode) => (props.inline ? <div className="inline-view">{content}</div> : <div className="body">{content}</div>)
  const retry = () => {
    setFailedLoad(null)
    setAttempt((n) => n + 1)
  }
  const failed = wrap(
    <div className="center">
      <p className="error" role="alert">
        {strings.viewLoadFailed}
      </p>
      <button type="button" className="secondary" onClick={retry}>
        {strings.retry}
      </button>
    </div>,
  )
  if (failedLoad?.loader === loader && failedLoad.attempt === attempt) return failed
  if (!View)
    return props.inline && props.height ? (
      <div className="inline-view" aria-busy="true" style={{ minHeight: props.height }} />
    ) : (
      wrap(
        <p className="muted center" role="status">
          {strings.loading}
        </p>,
      )
    )
  return (
    <ViewBoundary key={attempt} failed={failed} onError={onError}>
      {wrap(<View />)}
    </ViewBoundary>
  )
}
