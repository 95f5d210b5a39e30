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
//
// Because of that import, a built-in plugin must not augment the package by its own name in the
// published declarations. Our plugins register as any plugin does, `declare module 'airlock/plugin'
// { interface CommandRegistry { swap: … } }`, and an entry re-exports the registries with `export
// type *`. TypeScript (5.9) merges an augmentation made through such a re-export into the symbol the
// entry's export table held when it was first read; when that was the registry's original
// interface, not yet merged by an augmentation of its own module, the merge lands in a copy, and
// the next augmentation of the module itself (an entry's, the core's) copies the original again:
// the first one is lost (`Property 'swap' does not exist on type 'Commands'`, and a site's
// `FeatureRegistry` entry missing from `Features`). Augmentations are merged in the order of the
// program's files, and the entries, which import our plugins' declarations, come after them. So
// each such block is written here as augmentations of the modules that declare the names it
// augments (`declare module '../../core/contributions/commands.js' { interface CommandRegistry
// { … } }`): inside the package every registration goes to a registry's own module, and a site's
// augmentation through an entry, read after the package's files, finds every registry already
// merged (the entries' empty augmentations name each one).
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
 * The package's own entry points by the names a plugin imports (`airlock`, `airlock/plugin`, …),
 * each with its source file as `program` resolves it (tsconfig's `paths`).
 */
function ownEntries(program, options) {
  const { name, exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const entries = new Map()
  for (const key of Object.keys(exports)) {
    const specifier = key === '.' ? name : `${name}/${key.slice(2)}`
    const resolved = ts.resolveModuleName(specifier, join(root, 'src', 'index.ts'), options, ts.sys).resolvedModule
    const file = resolved && program.getSourceFile(resolved.resolvedFileName)
    if (file) entries.set(specifier, file)
  }
  return entries
}

/**
 * The source file that declares `name`, as the entry `entry` exports it (through `export type *`
 * or by name): its declaration at a file's top level, not an augmentation's.
 */
function declaringFile(checker, entry, name) {
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(entry)).find((symbol) => symbol.name === name)
  const symbol = exported && exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  return symbol?.declarations?.find((declaration) => ts.isSourceFile(declaration.parent))?.getSourceFile()
}

/**
 * `declare module 'airlock/plugin' { interface A {…} interface B {…} }`, written in `file`, as
 * one augmentation per module that declares the names: `declare module '../../kernel/registry.js'
 * { interface A {…} }` (see the top of this file). Throws for a statement that is not a named
 * declaration the entry exports.
 */
function augmentDeclaringModules(node, file, entry, checker, factory, visit) {
  const groups = new Map()
  for (const statement of ts.visitNodes(node.body.statements, visit, ts.isStatement)) {
    const name = statement.name && ts.isIdentifier(statement.name) ? statement.name.text : undefined
    const target = name === undefined ? undefined : declaringFile(checker, entry, name)
    if (target === undefined) {
      throw new Error(`${relative(root, file.fileName)}: declare module '${node.name.text}' augments ${name ?? 'a statement'} that the entry does not export`)
    }
    const path = relative(dirname(file.fileName), target.fileName.replace(/\.tsx?$/, '.js'))
      .split(sep)
      .join('/')
    const specifier = path.startsWith('.') ? path : `./${path}`
    groups.set(specifier, [...(groups.get(specifier) ?? []), statement])
  }
  return [...groups].map(([specifier, statements]) =>
    factory.updateModuleDeclaration(node, node.modifiers, factory.createStringLiteral(specifier), factory.updateModuleBlock(node.body, statements)),
  )
}

/**
 * A declaration transformer that applies `withExtension` to every module specifier, writes an
 * augmentation of one of the package's own entries as augmentations of the modules that declare
 * its names (`augmentDeclaringModules`), and adds the name of each source file that augments a
 * module to `augmenting`.
 */
function explicitExtensions(options, augmenting, program) {
  const entries = ownEntries(program, options)
  const checker = program.getTypeChecker()
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
        if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && entries.has(node.name.text) && node.body && ts.isModuleBlock(node.body)) {
          return augmentDeclaringModules(node, file, entries.get(node.name.text), checker, factory, visit)
        }
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
  const emitted = program.emit(undefined, undefined, undefined, true, { afterDeclarations: [explicitExtensions(config.options, augmenting, program)] })
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
