/**
 * `createAirlock(options)`: validates the options, starts the kernel with every core module,
 * hydrates storage, starts the plugin host, and returns the instance.
 */
import { BehaviorSubject, combineLatest, distinctUntilChanged, filter, map, scan, take, type Observable } from 'rxjs'
import { createKernel, foldEvents } from '../kernel/kernel'
import { ofType } from '../kernel/operators'
import { defaultDeps, type Deps } from '../kernel/deps'
import { createPluginHost } from '../kernel/plugin'
import { createEvent, type AirlockEvent, type RootState } from '../kernel/registry'
import { createSafeStorage } from '../kernel/storage'
import { PUBLIC_EVENTS } from '../events/catalogue'
import { builtinPlugins } from '../plugins/builtin'
import { coreModules } from '../core/modules'
import { resolveOptions } from '../core/options/resolve'
import { networkNotFoundAlert } from '../core/options/alerts'
import { selectFeatures, withRemoteOff } from '../core/options/selectors'
import { hydrate } from '../core/storage/hydrate'
import { closeModal, openModal } from '../core/router/commands'
import { switchNetwork } from '../core/networks/commands'
import type { AirlockInstance, PublicEvent } from '../ports/instance'
import type { AirlockOptions } from '../core/options/airlockOptions'
import type { ChainNamespace } from '../events/shapes/namespace'
import { decodePluginsOption } from './pluginsOption'
import { createConnectorRuntime, loadBuiltInAdapter, type ConnectorRuntime } from '../connectors/runtime'
import { createWalletModule } from '../connectors/module'
import { createPortDeps, type Ports } from '../ports/deps'
import { createSiwxPort } from '../ports/siwx'
import { createWalletAccess, rememberAdapters } from '../connectors/walletAccess'
import type { EmbeddedWalletPortImpl } from '../embedded/portShell'
import { createBlockchainApi } from '../remote/blockchain/client'
import { createConfigClient } from '../remote/config/client'
import { SDK_TYPE, SDK_VERSION } from '../remote/sdk'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { isRight } from '../kernel/either'
import { NotificationRequested } from '../events/notification'
import { SiteTransaction } from './siteTransaction'
import { isRegisteredView } from '../core/router/rules'
import { CORE_VIEWS } from '../core/router/views'
import { viewNotFound } from '../core/contributions/viewNotFound'
import { instanceTimes } from '../kernel/instanceTime'
import { afterPaint, paints, whenIdle } from './idle'
import { lazyWatch } from './lazyWatch'
import { connectionMethods, firstOf, type Failures } from './connectionMethods'

export interface AirlockSetup {
  /** Replace the browser's dependencies: clock, scheduler, storage, fetch, window, logger. */
  readonly deps?: Partial<Deps>
  /** Replace parts of the connector runtime (the adapter loader, the chain reader). */
  readonly connectors?: Partial<ConnectorRuntime>
  /** Replace the ports effects receive (wallet, api, config, openWindow): tests hand fakes here. */
  readonly ports?: Partial<Ports>
}

/**
 * Create an Airlock instance.
 *
 * ```ts
 * const airlock = createAirlock({ projectId: 'abc', networks: [ethereum, polygon] })
 * airlock.open()
 * ```
 */
export function createAirlock(options: AirlockOptions, setup: AirlockSetup = {}): AirlockInstance {
  const { options: resolved, alerts } = resolveOptions(options, builtinPlugins)
  const plugins = decodePluginsOption(options)
  const deps = defaultDeps(setup.deps)
  // The connectors load adapters through `adapters`, so a wallet connection knows its adapter at once.
  const adapters = rememberAdapters(setup.connectors?.loadAdapter ?? loadBuiltInAdapter)
  const runtime = createConnectorRuntime({ ...setup.connectors, loadAdapter: adapters.load })
  // Feature ports (issue 27 §1): each made when the first plugin naming it in its manifest's `ports`
  // loads, its code fetched beside that plugin's, then shared. The secure frame's (`embedded`: the
  // email, socials and embedded-wallet plugins, SPEC §5) attaches nothing until a plugin asks.
  const featurePorts: { embedded?: EmbeddedWalletPortImpl } & Record<string, unknown> = {}
  const portMakers: Readonly<Record<string, () => Promise<unknown>>> = {
    embedded: () =>
      import('../embedded/portShell').then((m) => m.createEmbeddedWalletPort({ getState: kernel.getState, window: deps.window, scheduler: deps.scheduler })),
  }
  // One making per port; one that failed (its chunk's fetch) is tried again at the next plugin load.
  const making: Record<string, Promise<unknown> | undefined> = {}
  const preparePorts = (names: readonly string[]): Promise<unknown> =>
    Promise.all(
      names.map(
        (name) =>
          (setup.ports as Record<string, unknown> | undefined)?.[name] ??
          (making[name] ??= portMakers[name]?.().then(
            (port) => (featurePorts[name] = port),
            (error: unknown) => {
              making[name] = undefined
              throw error
            },
          )),
      ),
    )
  // The ports effects receive. (Comments stay out of these expressions: the build keeps those in the
  // page's first load.) The wallet's `kernel` is read when an effect asks for a connection, by then
  // it exists; transfers read their chain (a blockhash, a receipt) as the balance effect does. A
  // rate-limited API call's waits run on the instance's scheduler and clock (a test's virtual
  // time). The config is the site's config API, or the bundled catalog when it set none. `siwx`:
  // the site's sign-in callbacks (SPEC §3 options.siwx), checked here; without them the default port.
  const portDeps = createPortDeps({
    wallet: createWalletAccess({
      providers: runtime.providers,
      adapters,
      getState: () => kernel.getState(),
      readerFor: (network, state) => runtime.readerFor(network, state, deps),
    }),
    api: createBlockchainApi({
      baseUrl: resolved.apiUrls.blockchain ?? undefined,
      projectId: resolved.projectId,
      sdkType: SDK_TYPE,
      sdkVersion: SDK_VERSION,
      fetch: deps.fetch,
      scheduler: deps.scheduler,
      clock: deps.clock,
    }),
    config: createConfigClient({
      baseUrl: resolved.apiUrls.config,
      projectId: resolved.projectId,
      fetch: deps.fetch,
      scheduler: deps.scheduler,
      featureIds: Object.keys(resolved.remoteFeatureKeys),
    }),
    ...(options.siwx === undefined ? {} : { siwx: createSiwxPort(options.siwx) }),
    ...setup.ports,
  })
  const depsFor: typeof portDeps = (module, base) => ({ ...featurePorts, ...portDeps(module, base) })
  // The connectors a loaded plugin brings (its module's `connectors`), their providers made from its deps.
  const contributed = (id: string) => {
    const module = kernel.modules().find((m) => m.id === id)
    return module?.connectors && { specs: module.connectors, deps: depsFor(module, deps) as never }
  }
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, undefined, contributed)], deps, depsFor, logLimit: resolved.logLimit })

  const optionEvents = [createEvent('OPTIONS_INITIALIZED', { options: resolved }), ...alerts.map((alert) => createEvent('ALERT_RAISED', alert))]
  // What a server renders: the options alone, through the reducers, no effect (getServerState).
  const serverState = foldEvents(kernel.modules(), optionEvents)
  for (const event of optionEvents) kernel.dispatch(event)
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: hydrate(createSafeStorage(deps.storage, deps.logger)) }))

  // Latched: once the modal's first frame is on screen (`shown$`, told below) or a view of a plugin
  // not loaded yet was asked for, deferred plugins load, and stay loaded when it closes. Issue 27
  // §1: they start behind that frame, never in front of it.
  const demanded$ = new BehaviorSubject(false)
  const shown$ = new BehaviorSubject(false)
  const opened$ = combineLatest([shown$, demanded$]).pipe(
    scan((ever, [shown, demanded]) => ever || shown || demanded, false),
    distinctUntilChanged(),
  )
  // While the config API has not answered, the host sees every switch the answer controls off, so
  // no chunk is fetched for a feature it turns off; the answer (or its failure) releases the rest.
  const remotePending = (state: RootState) => state.options.remoteStatus === 'loading'
  const features$ = combineLatest([kernel.select(selectFeatures), kernel.select(remotePending)]).pipe(
    map(([features, pending]) => (pending ? withRemoteOff(features, Object.values(resolved.remoteFeatureKeys)) : features)),
  )
  const manifests = [...builtinPlugins, ...plugins]
  const host = createPluginHost(kernel, manifests, features$, {
    reservedViews: CORE_VIEWS,
    opened$,
    logger: deps.logger,
    preparePorts,
    unmetNeed: (manifest) => import('../core/options/requirements').then((m) => m.unmetNeed(manifest, manifests, kernel.getState())),
  })

  // Nothing storage said was connected is still being restored (SPEC §4); read as events pass, it is
  // the state after the event. `ready()` waits for it after the plugin loads (issue 26 §5): a site
  // that waits opens the modal on what the visitor has (SPEC §2: Account is "shown instead of
  // Connect when an address is connected"), not on the connecting start of SPEC §4 ("at startup the
  // status is connecting if the stored status is connected"). A restore ends when the wallet
  // answers; one that never does holds `ready()` 5 s at most, on the instance's scheduler (a test's
  // virtual time) as every other wait.
  const restored = () => kernel.getState().connection.restoringNamespaces.length === 0
  // TRANSACTION_SETTLED is public whichever plugins run: a site reports its own (`transactionSettled`).
  const isPublic = (type: string): boolean =>
    type === 'TRANSACTION_SETTLED' || PUBLIC_EVENTS.has(type) || kernel.modules().some((module) => module.publicEvents?.includes(type))
  // Issue 26 §4: a public event comes only from the core's and plugins' own commands and effects.
  // What a page's script hands `_internal.dispatch` (an event, or a function of its own) is refused
  // whole when it holds one, named in one warning: analytics never count what did not happen.
  const forged = (events: readonly AirlockEvent[]): readonly AirlockEvent[] =>
    events.some((event) => isPublic(event.type) && (deps.logger.warn(`Airlock: ${event.type} refused: public events come only from Airlock's modules`), true))
      ? []
      : events
  // Every event, stamped; `subscribeEvents` passes on the public ones (`isPublic`), whose types
  // `PublicEvent` names.
  const publicEvents$ = kernel.events$.pipe(map((event) => ({ type: event.type, payload: event.payload, timestamp: deps.clock.now() }) as PublicEvent))

  // `close` is a command: the MODAL_CLOSE payload is read from the state at its turn in the queue.
  const instance: AirlockInstance = {
    open(view, data) {
      const registered = () => view === undefined || isRegisteredView(kernel.getState().router, view)
      if (registered()) {
        kernel.dispatch((state) => openModal(state, { view, data }))
        return Promise.resolve()
      }
      // A plugin still loading may bring the view, or one waiting for the modal's first open or for
      // the config API's answer: load those and wait for them rather than fail.
      demanded$.next(true)
      const answered = remotePending(kernel.getState())
        ? firstOf(kernel.events$, (event) => (event.type === 'REMOTE_FEATURES_LOADED' || event.type === 'REMOTE_FEATURES_FAILED' ? 'ok' : undefined))
        : Promise.resolve()
      return answered.then(host.settled).then(() => {
        if (registered()) return kernel.dispatch((state) => openModal(state, { view, data }))
        const notFound = viewNotFound(view ?? '')
        kernel.dispatch(notFound)
        throw new AirlockError(notFound.payload.message, { details: `view: ${view ?? ''}` })
      })
    },
    close: () => kernel.dispatch(closeModal),
    switchNetwork(caipNetworkId) {
      // Throws NetworkNotFoundError for an id the site did not configure, raising SPEC §8's
      // "Network Not Found" alert; nothing to do when active.
      let events: readonly unknown[]
      try {
        events = switchNetwork(kernel.getState(), caipNetworkId)
      } catch (error) {
        kernel.dispatch(createEvent('ALERT_RAISED', networkNotFoundAlert))
        throw error
      }
      if (events.length === 0) return Promise.resolve()
      const settled = firstOf(kernel.events$, (event) =>
        event.type === 'NETWORK_SWITCHED' && event.payload.caipNetworkId === caipNetworkId
          ? 'ok'
          : event.type === 'NETWORK_SWITCH_FAILED' && event.payload.caipNetworkId === caipNetworkId
            ? (f: Failures) => f.switchFailure(event.payload)
            : undefined,
      )
      // The wallet effect switches through the connected wallet, or at once when there is none (SPEC §4).
      kernel.dispatch(createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId }))
      return settled
    },
    ...connectionMethods(kernel),
    watchWallets: (listener) => lazyWatch(kernel.select, (m) => m.selectWalletsFor(deps.window?.navigator), listener, deps.logger),
    watchConnectMethods: (listener) => lazyWatch(kernel.select, (m) => m.selectConnectMethods, listener, deps.logger),
    watchEmailSignIn: (listener) => lazyWatch(kernel.select, (m) => m.emailSignIn(instance), listener, deps.logger),
    watchSocialSignIn: (listener) => lazyWatch(kernel.select, (m) => m.socialSignIn(instance, deps.window), listener, deps.logger),
    getProvider(namespace) {
      // No active namespace (null) reads no connector: `activeConnectorIds.null` is undefined.
      const state = kernel.getState()
      const connectorId = state.connectors.activeConnectorIds[(namespace ?? state.networks.activeNamespace) as ChainNamespace]
      return connectorId ? runtime.providers.get(connectorId) : undefined
    },
    notify(notification) {
      // From the site's code: decoded, so a wrong shape fails here with a clear message.
      const decoded = NotificationRequested.props.payload.decode(notification)
      if (!isRight(decoded)) {
        throw new AirlockError('Invalid notification: expected { variant, message } or { variant, key }', {
          category: ErrorCategory.INVALID_OPTIONS,
        })
      }
      kernel.dispatch(createEvent('NOTIFICATION_REQUESTED', decoded.right))
    },
    setFeatures: (features) => kernel.dispatch(createEvent('LOCAL_FEATURES_CHANGED', { features })),
    setThemeMode: (themeMode) => kernel.dispatch(createEvent('THEME_CHANGED', { themeMode })),
    setThemeVariables: (themeVariables) => kernel.dispatch(createEvent('THEME_CHANGED', { themeVariables })),
    setLocale(locale) {
      resolveOptions({ ...options, locale })
      kernel.dispatch(createEvent('THEME_CHANGED', { locale }))
    },
    transactionSettled(transaction) {
      const decoded = SiteTransaction.decode(transaction)
      if (!isRight(decoded)) throw new AirlockError('Invalid transaction: expected { namespace, chainId, hash }', { category: ErrorCategory.INVALID_OPTIONS })
      kernel.dispatch(createEvent('TRANSACTION_SETTLED', { ...decoded.right, kind: 'site' }))
    },
    getState: kernel.getState,
    getServerState: () => serverState,
    state$: kernel.state$,
    select: (selector) => kernel.select(selector),
    subscribeEvents(listener) {
      const subscription = publicEvents$.subscribe((event) => {
        if (isPublic(event.type)) listener(event)
      })
      return () => subscription.unsubscribe()
    },
    loadedPlugins: () => host.loaded(),
    ready: () =>
      firstFrame()
        .then(host.settled)
        .then(() =>
          restored()
            ? undefined
            : Promise.race([firstOf(kernel.events$, () => (restored() ? 'ok' : undefined)), new Promise<void>((done) => deps.scheduler.schedule(done, 5000))]),
        ),
    destroy() {
      void analytics?.then((stop) => stop())
      ui.stop()
      stopPreparing()
      stopShown()
      featurePorts.embedded?.destroy()
      host.destroy()
      kernel.destroy()
    },
    _internal: {
      run(moduleId, name, args) {
        const command = kernel.modules().find((module) => module.id === moduleId)?.commands?.[name]
        if (command) kernel.dispatch((state) => command(state, ...args))
      },
      dispatch: (item) => kernel.dispatch((state) => forged(typeof item === 'function' ? item(state) : [item])),
      events$: kernel.events$,
      modules: kernel.modules,
    },
  }
  instanceTimes.set(kernel.state$, deps)
  const ui = mountLazily(instance, kernel.events$, deps, !resolved.disableAppend && !resolved.enableEmbedded)
  // Issue 27 §1: once the page is idle after loading, the modal's code and what Connect shows first.
  const stopPreparing = paints(deps.window)
    ? whenIdle(deps.window, () => {
        void ui.mounted()
        kernel.dispatch(createEvent('MODAL_PREPARED', {}))
      })
    : () => undefined
  const stopShown = watchFirstFrame(
    kernel.select((state) => state.router.open),
    shown$,
    ui.mounted,
    deps.window,
  )
  // While the modal's first frame is still to come, `ready()` waits for it and the plugins it starts.
  const firstFrame = (): Promise<void> =>
    kernel.getState().router.open && !shown$.value ? new Promise((done) => shown$.pipe(filter(Boolean), take(1)).subscribe(() => done())) : Promise.resolve()
  // The analytics option (issue 24 §3): its sender is a chunk of its own, loaded only with it.
  const analytics =
    options.analytics && import('./analyticsOption').then((m) => m.startAnalytics(options, resolved.projectId, instance, kernel.log, deps, isPublic))
  return instance
}

/**
 * Append the modal to the body (SPEC §2), its code fetched and the modal mounted, closed, at the
 * first `mounted()` (the page idle after loading, issue 27 §1: the first open then costs one frame),
 * MODAL_PREPARED (that idle moment, or the visitor pointing at or focusing a connect button) or the
 * first open, whichever comes first. Without a window (server rendering), or when the site
 * renders `<AirlockModal/>` itself, nothing happens. A failure to inject is logged to the console
 * (SPEC §8). `mounted()` resolves once the modal is mounted (or failed to).
 */
function mountLazily(
  instance: AirlockInstance,
  events$: Observable<AirlockEvent>,
  deps: Deps,
  append: boolean,
): { readonly stop: () => void; readonly mounted: () => Promise<void> } {
  const win = deps.window
  if (!win || !append) return { stop: () => undefined, mounted: () => Promise.resolve() }
  let unmount: (() => void) | undefined
  let stopped = false
  let mounting: Promise<void> | undefined
  const mount = (): Promise<void> =>
    (mounting ??= import('../ui/mount')
      .then((ui) => {
        if (!stopped) unmount = ui.mountModal(instance, win.document).unmount
      })
      .catch((error: unknown) => {
        // Fetched at idle and failed (a network blip): the next open or prefetch tries again.
        mounting = undefined
        deps.logger.error('Airlock: failed to inject the modal', error)
      }))
  // MODAL_PREPARED: the idle prefetch's, or a visitor's intent on a connect button (src/ui/react/prepareOnIntent.ts).
  const subscription = events$.pipe(ofType('MODAL_OPEN', 'TRANSACTION_STACK_PUSHED', 'MODAL_PREPARED')).subscribe(() => void mount())
  return {
    stop() {
      stopped = true
      subscription.unsubscribe()
      unmount?.()
    },
    mounted: mount,
  }
}

/**
 * Tell `shown$` when the modal's first frame is on screen: the first time `open$` says it is open,
 * once the modal is mounted (`mounted`), a frame has been painted and the page is idle again (what
 * waits for it then runs between frames, not in front of the next ones). Without a window that paints
 * frames (server rendering, a test's window of a few parts), at once.
 * Returns the stop.
 */
function watchFirstFrame(open$: Observable<boolean>, shown$: BehaviorSubject<boolean>, mounted: () => Promise<void>, win: Window | undefined): () => void {
  let cancelPaint = (): void => undefined
  let stopped = false
  const subscription = open$.pipe(filter(Boolean), take(1)).subscribe(() => {
    if (!paints(win)) return shown$.next(true)
    void mounted().then(() => {
      if (!stopped) cancelPaint = afterPaint(win, () => (cancelPaint = whenIdle(win, () => shown$.next(true))))
    })
  })
  return () => {
    stopped = true
    subscription.unsubscribe()
    cancelPaint()
  }
}
