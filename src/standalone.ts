/**
 * `airlock/standalone`: Airlock for a page with no bundler and no React of its own, loaded by one
 * `<script type="module">` from a URL (dist/standalone/airlock.js and its chunks). Unlike the other
 * entries, it bundles its dependencies, React and react-dom included, so the browser resolves
 * nothing by package name; a site with a bundler and React uses `airlock` and `airlock/react`
 * instead (they share the site's React and its bundle). It has everything of `airlock`, and the
 * custom elements `<airlock-button>` and `<airlock-network-button>`.
 *
 * ```ts
 * import { createAirlock, defineAirlockElements, ethereum } from 'airlock/standalone'
 *
 * defineAirlockElements(createAirlock({ projectId: 'my-project', networks: [ethereum] }))
 * ```
 */
export * from './index'
export { defineAirlockElements } from './ui/element/defineElements'
