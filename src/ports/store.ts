/**
 * The `store` port: a module's own storage keys (declared with codecs in its `storage`), scoped
 * to it. A corrupt value resets only its own key.
 */
export interface ScopedStore {
  /** The decoded value of one of the module's keys; undefined when missing, unreadable or corrupt. */
  read<A>(name: string): A | undefined
  /** Store a value; false when it could not be written (quota, disabled storage, unknown name). */
  write<A>(name: string, value: A): boolean
  remove(name: string): boolean
}
