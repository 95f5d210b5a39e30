/** Fill `{placeholders}` of a strings-table entry (React-free, no table: the page's first load has it). */

/**
 * Replace `{name}` placeholders; unknown ones stay as they are, so a missing value is visible.
 *
 * ```ts
 * fill('{count} wallets', { count: 40 }) // '40 wallets'
 * ```
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}
