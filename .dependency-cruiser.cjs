/**
 * The layer rules of README "How it is built" (DESIGN "Layout and layers"), checked by
 * `npm run lint`. Each rule names a folder and what it may not import; a forbidden import or an
 * import cycle fails lint. tests/lint/layers.test.ts proves that it does.
 */
const SRC = '^src/'
/**
 * The core files others may read: selectors, commands and pure rules, by name (`selectors.ts`,
 * `entrySelectors.ts`, `commands.ts`, `deepLinkRules.ts`, `limits.ts`, `views.ts`), never a
 * reducer, a state file or an effect.
 */
const CORE_READS = 'core/[^/]+/[A-Za-z]*([Ss]electors|[Cc]ommands|[Rr]ules|[Ll]imits|[Vv]iews)\\.ts$'
/** A leaf constant everyone may import (the package version). */
const LEAVES = ['version\\.ts$']

/**
 * The embedded wallet's feature folder (src/embedded: its shared events, alerts, frame protocol and
 * connector) and the plugins built on it (issue 26 §3). Only they import it; the core never does.
 */
const EMBEDDED_PLUGINS = ['embeddedWallet', 'email', 'socials']

/**
 * The built-in plugins that import the plugin SDK alone (`airlock/plugin`, src/plugin.ts) and their
 * own folder, as a plugin published on its own does (issue 26 §1): now every built-in plugin, the
 * embedded wallet's three with its feature folder (src/embedded) besides.
 */
const SDK_ONLY_PLUGINS = ['receive', 'identity', 'nfts', 'tokens', 'activity', 'names', 'onramp', 'swap', 'send', 'siwx', ...EMBEDDED_PLUGINS]

/** A rule: files under `from` may import nothing in `src` outside `allowed` (npm packages are free). */
const layer = (name, from, allowed, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: `^src/${from}` },
  to: { path: SRC, pathNot: [`^src/${from}`, ...[...allowed, ...LEAVES].map((a) => `^src/${a}`)] },
})

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'No import cycles anywhere in src.', from: { path: SRC }, to: { circular: true } },
    layer('kernel', 'kernel/', [], 'The kernel knows nothing of wallets, events, or anything above it.'),
    layer('events', 'events/', ['kernel/', 'validation/'], 'The event catalogue stands on the kernel only.'),
    layer('validation-format', '(validation|format)/', ['validation/', 'format/', 'kernel/'], 'Pure rules and formats.'),
    layer('ports', 'ports/', ['kernel/', 'events/'], 'Ports are interfaces over the kernel and the events.'),
    layer('chains', 'chains/', ['kernel/', 'events/', 'validation/', 'format/', 'ports/'], 'Chain adapters: the only place that knows a namespace.'),
    layer('core', 'core/', ['kernel/', 'events/', 'ports/', 'validation/', 'format/', 'chains/'], 'Core modules: no connector, plugin, UI or remote code.'),
    {
      name: 'core-chains-types-only',
      severity: 'error',
      comment: 'Core may name the chain-adapter types, never load adapter code.',
      from: { path: '^src/core/' },
      to: { path: '^src/chains/', dependencyTypesNot: ['type-only'] },
    },
    layer('remote', 'remote/', ['kernel/', 'events/', 'ports/', 'validation/', 'format/'], 'HTTP clients implement ports.'),
    layer(
      'connectors',
      'connectors/',
      ['kernel/', 'events/', 'ports/', 'chains/', 'remote/', 'validation/', 'format/', CORE_READS],
      'Connectors reach wallets; of the core they use selectors and commands, never reducers.',
    ),
    layer(
      'ui',
      'ui/',
      ['kernel/', 'events/', 'ports/', 'validation/', 'format/', 'platform/', CORE_READS, 'core/contributions/'],
      'The UI reads selectors and calls commands; it never imports connectors, remote or plugins.',
    ),
    layer(
      'plugins',
      'plugins/[^/]+/',
      [
        'kernel/',
        'events/',
        'ports/',
        'validation/',
        'format/',
        'platform/',
        'ui/components/',
        'ui/react/',
        'core/[^/]+/[A-Za-z]*([Ss]electors|[Cc]ommands)\\.ts$',
        'plugin\\.ts$',
        'embedded/',
      ],
      'A plugin imports the kernel, the events, core selectors, UI components and the plugin API: never another plugin, a connector or remote internals.',
    ),
    layer(
      'embedded',
      'embedded/',
      ['kernel/', 'events/', 'ports/', 'validation/', 'format/', 'chains/adapter\\.ts$', 'plugin\\.ts$', CORE_READS],
      'The embedded-wallet feature stands on the kernel, the events, the ports and the core selectors and rules, as its plugins do.',
    ),
    {
      name: 'embedded-feature',
      severity: 'error',
      comment: "Only the embedded wallet's plugins (EMBEDDED_PLUGINS) import its feature folder.",
      from: {
        path: '^src/',
        pathNot: ['^src/embedded/', `^src/plugins/(${EMBEDDED_PLUGINS.join('|')})/`, '^src/airlock/', '^src/testing/', '^src/plugin\\.ts$'],
      },
      to: { path: '^src/embedded/' },
    },
    {
      name: 'composition-root',
      severity: 'error',
      comment: 'The composition root (src/airlock) wires everything; only the entry points import it.',
      from: { path: SRC, pathNot: ['^src/airlock/', '^src/(index|react)\\.ts$'] },
      to: { path: '^src/airlock/' },
    },
    {
      name: 'plugins-sdk-only',
      severity: 'error',
      comment: 'A plugin imports the plugin SDK (airlock/plugin) and its own folder, nothing else of src (SDK_ONLY_PLUGINS).',
      from: { path: `^src/plugins/(${SDK_ONLY_PLUGINS.join('|')})/` },
      // The embedded wallet's plugins import its feature folder too (rule embedded-feature says which).
      to: { path: SRC, pathNot: ['^src/plugins/$1/', '^src/plugin\\.ts$', '^src/embedded/', ...LEAVES.map((a) => `^src/${a}`)] },
    },
    {
      name: 'plugins-not-each-other',
      severity: 'error',
      comment: 'Plugins never import each other; they talk through events.',
      from: { path: '^src/plugins/([^/]+)/' },
      to: { path: '^src/plugins/', pathNot: ['^src/plugins/$1/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
}
