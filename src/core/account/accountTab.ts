/** The identity of an Account tab (SPEC §3 currentTab), shared by the reducer, selector and command. */
import type { AccountTabRef } from '../../events/account'

/**
 * Whether two references name the same tab: the same plugin and the same id in it.
 *
 * ```ts
 * sameTab({ moduleId: 'activity', id: 'activity' }, activityTab) // true
 * ```
 */
export function sameTab(a: AccountTabRef | null | undefined, b: AccountTabRef | null | undefined): boolean {
  return a != null && b != null && a.moduleId === b.moduleId && a.id === b.id
}
