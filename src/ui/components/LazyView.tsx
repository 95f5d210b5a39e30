/**
 * A view whose code loads when first shown: its loader is a dynamic import, wrapped in React.lazy
 * once per loader. While the chunk loads a labelled status shows; a chunk that fails to load (or a
 * view that throws) shows an error with a retry, and `onError` reports it. Plugin views load this
 * way (PluginView).
 */
import { Component, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import type { ViewLoader } from '../../kernel/module'
import { AirlockError } from '../../kernel/errors'
import { useStrings } from './useStrings'

const lazies = new WeakMap<ViewLoader, LazyExoticComponent<ComponentType>>()

/** The one lazy component of a loader (React.lazy must not be created on each render). */
function lazyView(loader: ViewLoader, view: string): LazyExoticComponent<ComponentType> {
  let component = lazies.get(loader)
  if (!component) {
    component = lazy(async () => {
      const loaded = await loader()
      const candidate = loaded.default
      if (typeof candidate !== 'function' && (typeof candidate !== 'object' || candidate === null)) {
        throw new AirlockError(`The view "${view}" did not load a component: its module needs a default export`)
      }
      return { default: candidate as ComponentType }
    })
    lazies.set(loader, component)
  }
  return component
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
}

/**
 * ```tsx
 * <LazyView loader={() => import('./views/SignMessageView')} view="SignMessage" onError={report} />
 * ```
 */
export function LazyView(props: LazyViewProps) {
  const strings = useStrings()
  const [attempt, setAttempt] = useState(0)
  const View = lazyView(props.loader, props.view)
  const wrap = (content: ReactNode) => (props.inline ? <div className="inline-view">{content}</div> : <div className="body">{content}</div>)
  const retry = () => {
    // React.lazy keeps a failed load: forget it, so the next render imports again.
    lazies.delete(props.loader)
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
  const loading = wrap(
    <p className="muted center" role="status">
      {strings.loading}
    </p>,
  )
  return (
    <ViewBoundary key={attempt} failed={failed} onError={props.onError}>
      <Suspense fallback={loading}>{wrap(<View />)}</Suspense>
    </ViewBoundary>
  )
}
