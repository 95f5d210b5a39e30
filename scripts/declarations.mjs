// The package's type declarations: `tsc -p tsconfig.build.json` through the compiler API, with one
// change to what tsc writes. Our sources import each other without extensions (moduleResolution
// "Bundler"), and tsc copies those specifiers into the .d.ts files as they are; a site compiled
// with `moduleResolution: "node16"` or `"nodenext"` cannot follow `'./core/createAirlock'` inside
// a package. So every relative specifier in a declaration (imports, re-exports, `import("…")`
// types and `declare module '…'` augmentations) is rewritten to the emitted file it points at:
// `'./core/createAirlock.js'`, `'./kernel/index.js'`. Comments are left alone.
//
// And one addition: events and state slices are registered by module augmentation (`declare
// module '../kernel/registry'`) in the files that own them, and a compiler sees an augmentation
// only when its file is part of the program. The entry points' declarations import every such
// file, so a site's `RootState` and `AirlockEvent` hold what ours hold (`state.router`, the
// plugins' events), not just what the exported types happen to reach.
import ts from 'typescript'
import { appendFileSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { root } from './ensure-install.mjs'

/** `./x` or `../x`: a specifier that points into our own sources. */
const isRelative = (specifier) => specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')

/**
 * The specifier of the emitted file that `specifier`, written in `containingFile`, resolves to;
 * undefined when it leaves our sources (a package) or does not resolve (tsc reports that itself).
 */
function withExtension(specifier, containingFile, options) {
  if (!isRelative(specifier)) return undefined
  const resolved = ts.resolveModuleName(specifier, containingFile, options, ts.sys).resolvedModule
  if (!resolved || resolved.isExternalLibraryImport) return undefined
  const target = resolved.resolvedFileName.replace(/(\.d)?\.(ts|tsx|mts|cts)$/, (_, __, ext) => ({ mts: '.mjs', cts: '.cjs' })[ext] ?? '.js')
  const path = relative(dirname(containingFile), target).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/**
 * A declaration transformer that applies `withExtension` to every module specifier, and adds the
 * name of each source file that augments a module to `augmenting`.
 */
function explicitExtensions(options, augmenting) {
  return (context) => {
    const { factory } = context
    return (file) => {
      if (!ts.isSourceFile(file)) return file
      if (file.statements.some((statement) => ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name))) augmenting.add(file.fileName)
      const rewrite = (literal) => {
        const specifier = withExtension(literal.text, file.fileName, options)
        return specifier === undefined ? literal : factory.createStringLiteral(specifier)
      }
      const visit = (node) => {
        if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
          return factory.updateImportDeclaration(node, node.modifiers, node.importClause, rewrite(node.moduleSpecifier), node.attributes)
        }
        if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
          return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, rewrite(node.moduleSpecifier), node.attributes)
        }
        if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
          return factory.updateModuleDeclaration(node, node.modifiers, rewrite(node.name), ts.visitEachChild(node.body, visit, context))
        }
        if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
          const argument = factory.updateLiteralTypeNode(node.argument, rewrite(node.argument.literal))
          const typeArguments = node.typeArguments && ts.visitNodes(node.typeArguments, visit, ts.isTypeNode)
          return factory.updateImportTypeNode(node, argument, node.attributes, node.qualifier, typeArguments, node.isTypeOf)
        }
        return ts.visitEachChild(node, visit, context)
      }
      return ts.visitEachChild(file, visit, context)
    }
  }
}

/**
 * Type-check the library and write its declarations into `outDir` (by default the project's,
 * dist/types), emptied first. Throws with tsc's formatted diagnostics when the sources do not
 * compile. Returns the declaration files that augment a module, which the entry points import.
 *
 * ```js
 * buildDeclarations() // dist/types/index.d.ts, dist/types/react.d.ts, …
 * buildDeclarations({ outDir: '/tmp/stage/dist/types' }) // the same, elsewhere
 * ```
 */
export function buildDeclarations({ project = 'tsconfig.build.json', outDir } = {}) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]) }
  const config = ts.getParsedCommandLineOfConfigFile(join(root, project), outDir === undefined ? undefined : { outDir }, host)
  if (config.errors.length > 0) fail(config.errors)
  const target = config.options.outDir
  if (!target) throw new TypeError(`${project} must set compilerOptions.outDir`)
  rmSync(target, { recursive: true, force: true })
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
  const augmenting = new Set()
  const emitted = program.emit(undefined, undefined, undefined, true, { afterDeclarations: [explicitExtensions(config.options, augmenting)] })
  const errors = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error)
  if (errors.length > 0) fail(errors)
  const declarationOf = (source) => ts.getOutputFileNames(config, source, false).find((name) => name.endsWith('.d.ts'))
  // The entries augment the registries too (empty, so that a site's `declare module 'airlock'`
  // merges in any order), but register nothing: an entry does not import the others.
  const entries = entryDeclarations(target)
  const registries = [...augmenting]
    .map(declarationOf)
    .filter((name) => name !== undefined && !entries.includes(name))
    .sort()
  for (const entry of entries) {
    const imports = registries
      .filter((file) => file !== entry)
      .map((file) => `import ${JSON.stringify(specifierFrom(entry, file))};\n`)
      .join('')
    appendFileSync(entry, `// Every declaration that registers events or state slices, so a site's compiler sees them all.\n${imports}`)
  }
  return { outDir: target, registries }
}

/**
 * The declaration files package.json's `exports` name as `types`, placed in `outDir` (they are
 * named under dist/types, the published place).
 */
function entryDeclarations(outDir) {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return Object.values(exports)
    .map((entry) => entry.types)
    .filter((types) => typeof types === 'string')
    .map((types) => join(outDir, relative(join(root, 'dist', 'types'), join(root, types))))
}

/** `./core/router/state.js`: how `from` (a .d.ts) imports the declaration file `to`. */
function specifierFrom(from, to) {
  const path = relative(dirname(from), to)
    .split(sep)
    .join('/')
    .replace(/\.d\.ts$/, '.js')
  return path.startsWith('.') ? path : `./${path}`
}

function fail(diagnostics) {
  const text = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  })
  throw new Error(`Type declarations failed:\n${text}`)
}
