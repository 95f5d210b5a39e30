/**
 * The one shape of every module, core or plugin: a state slice, a pure reducer and named effects.
 */
import type { Draft } from 'immer'
import type { Observable } from 'rxjs'
import type { Mixed } from 'io-ts'
import type { AirlockEvent, RootState } from './registry'
import type { Deps } from './deps'

/**
 * An effect: from the event stream, the state stream and the injected dependencies to a stream
 * of new events. Catch errors inside inner streams; an error that escapes is reported as a
 * MODULE_ERROR tagged with the module id and `effect:<name>`, and the effect is resubscribed.
 */
export type Effect<D extends Deps = Deps> = (events$: Observable<AirlockEvent>, state$: Observable<RootState>, deps: D) => Observable<AirlockEvent | Command>

/**
 * A command: a pure function of the state at its turn in the queue that returns the events to
 * dispatch. Effects emit one instead of events whose payload depends on state (MODAL_CLOSE's
 * `connected`, say), so the payload is read after every event queued before it has been reduced.
 */
export type Command = (state: RootState) => readonly AirlockEvent[]

/**
 * A named command a module offers its views (and the site): from the state and the arguments to
 * the events to dispatch. Views call commands through one hook; they never dispatch raw events.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arguments are each command's own
export type CommandFn = (state: RootState, ...args: any[]) => readonly AirlockEvent[]

/**
 * Loads a view's code when the view is first shown. The kernel is React-free: what `default` is
 * (a React component) is the UI's business, typed by the plugin API.
 */
export type ViewLoader = () => Promise<{ readonly default: unknown }>

/** A table of strings: key → text with `{placeholders}`. */
export type StringsTable = Readonly<Record<string, string>>

/**
 * A locale's table fetched only when that locale is asked for (issue 28 §4), from the plugin's own
 * chunk: `fr: () => import('./locales/fr')`, the table its default export.
 */
export type StringsLoader = () => Promise<{ readonly default: StringsTable }>

/**
 * A module's strings for each locale the product ships: English is required, a table, and is the
 * fallback; another locale is a table or a `StringsLoader` (so a page in English fetches none of them).
 */
export type ModuleStrings = { readonly en: StringsTable } & Readonly<Record<string, StringsTable | StringsLoader>>

/**
 * A button on the Account view (send, receive, swap, buy). `id` is the name `walletFeaturesOrder`
 * orders by ('onramp', 'swaps', 'receive', 'send'; other ids follow them in load order). It shows
 * only while the active namespace is one of `namespaces` (SPEC §9 "Support by namespace").
 */
export interface AccountActionSpec<V extends string = string, L extends string = string, N extends string = string> {
  readonly id: string
  /** A key of the module's strings. */
  readonly label: L
  /** The view the button opens. */
  readonly view: V
  /** Namespaces of SPEC §3 (`NamespaceRegistry`'s in a checked module: a misspelt one does not compile). */
  readonly namespaces: readonly N[]
  /** Shown only when the active connection's connector is of one of these types (SPEC §3 connector type, e.g. AUTH). */
  readonly connectorTypes?: readonly string[]
  /** Shown only while the active account has no name (SPEC §3 `profileName`): registering one, say. */
  readonly unnamedOnly?: boolean
}

/** A tab of the Account view (Tokens, NFTs, Activity): `view` is rendered inside the tab. */
export interface AccountTabSpec<V extends string = string, L extends string = string, N extends string = string> {
  readonly id: string
  readonly label: L
  readonly view: V
  /** Namespaces of SPEC §3 (`NamespaceRegistry`'s in a checked module: a misspelt one does not compile). */
  readonly namespaces: readonly N[]
}

/**
 * An entry of the Connect view (an email field, social buttons), placed by `connectMethodsOrder`
 * in its `group`; `view` is rendered inline in Connect.
 */
export interface ConnectMethodSpec<V extends string = string> {
  readonly id: string
  readonly group: 'wallet' | 'email' | 'social'
  readonly view: V
  /** The view's height (a CSS length, '65px'): its place is held at that height while its chunk loads, so nothing in Connect moves when it arrives. */
  readonly height?: string
}

/**
 * A connector a plugin brings (issue 26 §3): a wallet the core connects, restores and follows as
 * it does an announced one. When the plugin loads, `provider` makes its EIP-1193 provider (once per
 * instance, from the module's deps), registered under `id`; the connector is added, as `type`, on
 * each of `namespaces` the site configured.
 */
export interface ConnectorSpec<D = Deps> {
  readonly id: string
  readonly name: string
  /** A connector type of SPEC §3 ('AUTH', 'INJECTED', …). */
  readonly type: string
  readonly namespaces: readonly string[]
  /** The adapter factory: the provider the connector's requests go through. */
  readonly provider: (deps: D) => object
}

/** What a module adds to the product besides state and effects. All optional; all lazy with it. */
export interface ModuleContributions {
  /** Views by name; the router accepts any registered name. */
  readonly views?: Readonly<Record<string, ViewLoader>>
  /** Strings, merged under the module id as prefix (`send.title`). */
  readonly strings?: ModuleStrings
  readonly accountActions?: readonly AccountActionSpec[]
  readonly accountTabs?: readonly AccountTabSpec[]
  readonly connectMethods?: readonly ConnectMethodSpec[]
  /** Storage keys by name with their codecs, scoped to the module (`@airlock/<id>/<name>`). */
  readonly storage?: Readonly<Record<string, Mixed>>
  /** Named commands for the module's views. */
  readonly commands?: Readonly<Record<string, CommandFn>>
}

/**
 * A reducer: mutates an Immer draft of its own slice. `root` is the whole state as it was before
 * this event, for reading other slices through their selectors. It must be pure.
 */
export type Reducer<S> = (draft: Draft<S>, event: AirlockEvent, root: RootState) => void | S

export interface Module<S, D extends Deps = Deps> extends ModuleContributions {
  /** The module id, which is also the key of its slice in the root state. */
  readonly id: string
  readonly initialState: S
  /** The reducer (see `Reducer`). Declared as a method so any module fits `Module<unknown>`. */
  reduce?(draft: Draft<S>, event: AirlockEvent, root: RootState): void | S
  /**
   * A plain reducer, in place of `reduce`, for the core modules every event goes through (issue 27
   * §1): no Immer draft. It returns the next slice, with new objects along what changed, or the
   * same reference when nothing changed, and never mutates the slice it is given. The kernel
   * freezes what it returns, as `produce` freezes a draft's result. A module has one or the other.
   */
  fold?(state: S, event: AirlockEvent, root: RootState): S
  /** Effects by name; the name tags errors. */
  readonly effects?: Readonly<Record<string, Effect<D>>>
  /** Codecs of the events this module adds to the catalogue, by event type. */
  readonly events?: Readonly<Record<string, Mixed>>
  /** Which of its events are public analytics events. */
  readonly publicEvents?: readonly string[]
  /** The connectors it brings (see `ConnectorSpec`). */
  readonly connectors?: readonly ConnectorSpec<D>[]
}

/**
 * Any module, its slice type erased: what the kernel and the plugin host hold. Every `Module<S>`
 * fits (method parameters are compared bivariantly).
 */
export interface AnyModule extends ModuleContributions {
  readonly id: string
  readonly initialState: unknown
  reduce?(draft: unknown, event: AirlockEvent, root: RootState): unknown
  fold?(state: unknown, event: AirlockEvent, root: RootState): unknown
  /** Effects take the deps the kernel's `depsFor` gives their module (typed by each module). */
  readonly effects?: Readonly<Record<string, Effect<never>>>
  readonly events?: Readonly<Record<string, Mixed>>
  readonly publicEvents?: readonly string[]
  readonly connectors?: readonly ConnectorSpec<never>[]
}

/**
 * The chain namespaces a checked module may name: SPEC §3's, joined by the core's namespace shapes
 * (events/shapes/namespace.ts) by declaration merging, as the other registries are.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NamespaceRegistry {}
type Namespace = keyof NamespaceRegistry & string

/**
 * A module whose contributions name only what it has (issue 26 §1): its actions' and tabs' labels
 * are keys of its English strings (`L`), their views and its Connect entries' views are views it
 * registers (`V`), its public events are events it declares (`E`), and the namespaces of its
 * actions, tabs and connectors are SPEC §3's (`NamespaceRegistry`). What `defineModule` checks
 * when its type arguments are left out (inferred: the state from `initialState`, the deps from the
 * effects).
 */
export type CheckedModule<S, D extends Deps, V extends string, L extends string, E extends string> = Omit<
  Module<S, D>,
  'views' | 'strings' | 'events' | 'publicEvents' | 'accountActions' | 'accountTabs' | 'connectMethods' | 'connectors'
> & {
  readonly views?: Readonly<Record<V, ViewLoader>>
  readonly strings?: { readonly en: Readonly<Record<L, string>> } & Readonly<Record<string, StringsTable | StringsLoader>>
  readonly events?: Readonly<Record<E, Mixed>>
  readonly publicEvents?: readonly NoInfer<E>[]
  readonly accountActions?: readonly AccountActionSpec<NoInfer<V>, NoInfer<L>, Namespace>[]
  readonly accountTabs?: readonly AccountTabSpec<NoInfer<V>, NoInfer<L>, Namespace>[]
  readonly connectMethods?: readonly ConnectMethodSpec<NoInfer<V>>[]
  readonly connectors?: readonly (ConnectorSpec<D> & { readonly namespaces: readonly Namespace[] })[]
}

/**
 * Declare a module. An identity function that fixes the slice type for the compiler.
 *
 * Without type arguments (the state inferred from `initialState`, the deps from the effects), a
 * typo in an action's or tab's `label` or `view`, a Connect entry's `view` or `publicEvents` is a
 * compile error (`CheckedModule`), not a plugin refused at run time or an event that never
 * arrives. With explicit type arguments (`defineModule<State, PortDeps>({…})`) those stay strings,
 * checked only when the plugin loads.
 *
 * ```ts
 * export default defineModule({
 *   id: 'counter',
 *   initialState: { count: 0 },
 *   reduce(draft, event) { if (event.type === 'COUNTER_INCREMENTED') draft.count += 1 },
 * })
 * ```
 */
export function defineModule<S, D extends Deps = Deps, V extends string = string, L extends string = string, E extends string = string>(
  module: CheckedModule<S, D, V, L, E>,
): Module<S, D> {
  return module as Module<S, D>
}
