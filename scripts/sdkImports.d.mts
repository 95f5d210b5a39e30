import type { Plugin } from 'esbuild'

export const SDK_SPECIFIER: string
/** esbuild: a plugin's `import … from 'airlock/plugin'` read as imports of the modules the SDK re-exports from. */
export function sdkImportsPlugin(): Plugin
