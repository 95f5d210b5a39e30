export interface MissingEntry {
  parent: string
  name: string
  version: string
  dev: boolean
}
export function missingOptionalEntries(lock: { packages: Record<string, { optionalDependencies?: Record<string, string>; dev?: boolean }> }): MissingEntry[]
