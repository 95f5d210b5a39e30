/**
 * What a plugin folder may import to build and test outside this repository (issue 26 §1): its
 * own files, the package's public entries a plugin and its tests use (`airlock/plugin`, `airlock`,
 * `airlock/testing`), and other packages. Every other specifier names this repository's sources
 * (`../../kernel/kernel`, `../../../tests/support/testDeps`), which a copy of the folder elsewhere
 * cannot reach. Imports, re-exports, `import()` and `declare module` augmentations are all read
 * (TypeScript's `preProcessFile`).
 *
 * ```ts
 * strayImports('src/plugins/swap') // [] when the folder stands on its own
 * ```
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** The package's entries a plugin's code and tests may import. */
export const PUBLIC_ENTRIES: readonly string[] = ['airlock', 'airlock/plugin', 'airlock/testing']

/** The module specifiers `source` names: imports, re-exports, `import()` and module augmentations. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName)
}

/** Whether `specifier`, written in `file`, stays inside `folder` or names a public entry or a package. */
export function allowedFrom(folder: string, file: string, specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = relative(resolve(folder), resolve(dirname(file), specifier))
    return target !== '' && !target.startsWith('..') && !target.startsWith(sep)
  }
  const isOurs = specifier === 'airlock' || specifier.startsWith('airlock/')
  return isOurs ? PUBLIC_ENTRIES.includes(specifier) : true
}

/** The TypeScript files under `folder`, tests included. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Every import of a file under `folder` that leaves it for something other than a public entry or a package, as `file: specifier`. */
export function strayImports(folder: string): string[] {
  return sourceFiles(folder).flatMap((file) =>
    specifiersOf(readFileSync(file, 'utf8'))
      .filter((specifier) => !allowedFrom(folder, file, specifier))
      .map((specifier) => `${relative(folder, file).split(sep).join('/')}: ${specifier}`),
  )
}
