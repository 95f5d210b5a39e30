/** Effects of the options module: remote configuration, the allowed-origins check, alert mapping. */
import { EMPTY, catchError, filter, map, mergeMap, of, switchMap, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../../kernel/module'
import type { Deps } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { ofType } from '../../kernel/operators'
import { AirlockError, errorMessage } from '../../kernel/errors'
import type { PortDeps } from '../../ports/deps'
import { alertForServerMessage, localConfigurationIgnoredAlert, originNotAllowedAlert, type Alert } from './alerts'
import { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed } from './origins'
import { ignoredLocalFeatures, remoteFeaturesFrom } from './remoteConfig'

/** The page's origin, or '' where there is no window (server rendering, tests without one). */
function pageOrigin(deps: Deps): string {
  try {
    return deps.window?.location.origin ?? ''
  } catch {
    return ''
  }
}

const alertRaised = (alert: Alert): AirlockEvent => createEvent('ALERT_RAISED', alert)

/**
 * SPEC §7: with a project id and a config API, fetch the project's features (`config.getFeatures`,
 * /appkit/v1/config) and merge them over the local ones (REMOTE_FEATURES_LOADED); when a feature
 * the site set itself differs, warn that the local setting is ignored (SPEC §8). On any failure
 * the local features stay (REMOTE_FEATURES_FAILED), and a known server message raises its alert.
 * Without a config API nothing is asked: the local features are the features.
 *
 * ```ts
 * // OPTIONS_INITIALIZED { projectId: 'p1', … } → REMOTE_FEATURES_LOADED { features: { swaps: false } }
 * ```
 */
export const loadRemoteFeatures: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('OPTIONS_INITIALIZED'),
    switchMap(({ payload: { options } }): Observable<AirlockEvent> => {
      if (options.projectId === '' || options.apiUrls.config === null) return EMPTY
      return deps.config.getFeatures().pipe(
        map((entries) => remoteFeaturesFrom(entries, options.remoteFeatureKeys)),
        withLatestFrom(state$),
        mergeMap(([features, state]) => {
          const ignored = ignoredLocalFeatures(state.options.configuredRemoteFeatures, features)
          const loaded = createEvent('REMOTE_FEATURES_LOADED', { features })
          return ignored.length > 0 ? [loaded, alertRaised(localConfigurationIgnoredAlert(ignored))] : [loaded]
        }),
        catchError((error: unknown) => {
          const failed = createEvent('REMOTE_FEATURES_FAILED', { message: errorMessage(error) })
          const details = error instanceof AirlockError ? error.details : undefined
          const alert = details === undefined ? undefined : alertForServerMessage(details, pageOrigin(deps))
          return alert === undefined ? of(failed) : of(failed, alertRaised(alert))
        }),
      )
    }),
  )

/**
 * SPEC §5, §7: the page's origin must be among the project's allowed origins
 * (`config.getAllowedOrigins`, /projects/v1/origins, wildcards allowed; local development and
 * preview hosts always pass). An empty list, or a failed call (the list is then empty), raises
 * nothing; otherwise an origin that matches none raises Invalid App Configuration. Without a
 * config API there is no list to check against, and nothing is asked.
 *
 * ```ts
 * // allowedOrigins ['https://shop.example'] on https://other.example → ALERT_RAISED ORIGIN_NOT_ALLOWED
 * ```
 */
export const checkAllowedOrigins: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('OPTIONS_INITIALIZED'),
    switchMap(({ payload: { options } }): Observable<AirlockEvent> => {
      const origin = pageOrigin(deps)
      if (options.projectId === '' || origin === '' || options.apiUrls.config === null) return EMPTY
      const always = [...DEFAULT_ALLOWED_ORIGINS, ...secureSiteOrigin(options.apiUrls.secureSite)]
      return deps.config.getAllowedOrigins().pipe(
        filter((allowed) => allowed.length > 0 && !isOriginAllowed(origin, allowed, always)),
        map(() => alertRaised(originNotAllowedAlert(origin))),
      )
    }),
  )

/** The secure frame's own origin always passes (SPEC §5 "the secure mobile hosts"); none when unset. */
function secureSiteOrigin(secureSite: string | null): string[] {
  if (secureSite === null) return []
  try {
    return [new URL(secureSite).origin]
  } catch {
    return [secureSite]
  }
}

/**
 * SPEC §8: the server messages "Unauthorized: origin not allowed", "JWT validation error: JWT Token
 * is not yet valid" and "Unauthorized: invalid key" raise their alerts wherever they surface: a
 * failed connection, disconnect, network switch, wallet catalog call, or a module error.
 *
 * ```ts
 * // CONNECT_ERROR { message: 'Unauthorized: invalid key' } → ALERT_RAISED INVALID_PROJECT_ID
 * ```
 */
export const alertServerMessages: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('CONNECT_ERROR', 'DISCONNECT_ERROR', 'NETWORK_SWITCH_FAILED', 'WALLET_CATALOG_FAILED', 'MODULE_ERROR'),
    mergeMap((event) => {
      const alert = alertForServerMessage(event.payload.message, pageOrigin(deps))
      return alert === undefined ? EMPTY : of(alertRaised(alert))
    }),
  )

/**
 * SPEC §8 applies to run-time changes too: a local feature changed while remote configuration is
 * in force, and set differently there, is ignored; say so.
 *
 * ```ts
 * // remote { swaps: true }; LOCAL_FEATURES_CHANGED { features: { swaps: false } } → warning for swaps
 * ```
 */
export const warnIgnoredLocalChange: Effect<PortDeps> = (events$, state$) =>
  events$.pipe(
    ofType('LOCAL_FEATURES_CHANGED'),
    withLatestFrom(state$),
    mergeMap(([event, state]) => {
      const remote = state.options.remoteFeatures
      if (remote === null) return EMPTY
      // Only the switches the answer set count (the core's it may set, and plugins').
      const ignored = ignoredLocalFeatures(event.payload.features, remote)
      return ignored.length === 0 ? EMPTY : of(alertRaised(localConfigurationIgnoredAlert(ignored)))
    }),
  )
