/**
 * The `store` port: a module's own storage keys, declared with codecs in its `storage` and scoped
 * to it (`@airlock/<moduleId>/<name>`). A corrupt value resets only its own key; a name the module
 * did not declare is refused (an AirlockError "Storage key not declared", category STORAGE).
 *
 * ```ts
 * export default defineModule<State, PortDeps>({
 *   id: 'example',
 *   storage: { lastSignature: t.string },
 *   effects: {
 *     remember: (events$, _state$, { store }) =>
 *       events$.pipe(ofType('EXAMPLE_SIGNED'), tap((e) => store.write('lastSignature', e.payload.signature)), ignoreElements()),
 *   },
 * })
 * ```
 */
export type { ScopedStore } from '../kernel/storage'
