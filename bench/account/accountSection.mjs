// bench/RESULTS.md's account section (markers account) when every part ran: the first load's JS,
// what a first Account open fetches, click → the Tokens tab's first frame, the scrolling
// subsection (./scrollSection.mjs, passed in as text) and the library build's chunks.
import { kib } from '../shared.mjs'
import { TOKEN_COUNTS } from './settings.mjs'
import { num, stat, statInt } from './format.mjs'

/** The whole section (every part run). */
export function accountSectionText({ ROUNDS, version, loads, opens, firstOpenTabs, retries, libraryRows, entryRows, scrollSection }) {
  const withApi = loads.withApi[0]
  const noApi = loads.noApi[0]
  const firstOpen = opens[TOKEN_COUNTS[0]][0]
  const openRows = TOKEN_COUNTS.flatMap((count) => {
    const list = opens[count]
    return [
      `| ${num(count)} | cold: the page’s first open of the modal (the modal, the Account plugins and the Tokens view load; balances read) | ${stat(list.map((r) => r.cold))} | ${statInt(list.map((r) => r.coldReads))} |`,
      `| ${num(count)} | warm: closed, opened again at once (within the 30 s cache) | ${stat(list.map((r) => r.warm))} | ${statInt(list.map((r) => r.warmReads))} |`,
      `| ${num(count)} | for reference: the first Account open just after connecting (modal and plugins loaded with the Connect view; the Tokens view loads, balances read) | ${stat(list.map((r) => r.afterConnect))} | — |`,
    ]
  })
  const tabCounts = new Map()
  for (const { tabs } of firstOpenTabs) tabCounts.set(tabs, (tabCounts.get(tabs) ?? 0) + 1)
  const rowsShown = (count) => statInt(opens[count].map((r) => r.rows))
  const started = withApi.started.filter((s) => s.product >= 512)

  return `<!-- account:start -->
## Account: Tokens, NFTs, Activity (demo page)

Command: \`npm run bench:account\` (${ROUNDS} rounds, a fresh Chromium profile for each page, non-loopback requests aborted; Debian Chromium via playwright-core ${version}; ${new Date().toISOString().slice(0, 10)}). The demo stack's account services run: anvil chain A (31337) with the demo contracts and seeded history, and the self-hosted Blockchain API. The only non-real part: the balance and history answers are synthetic, fulfilled by \`page.route\` — N token balances (distinct \`eip155:31337:0x…\` addresses, 18 decimals, prices and values, each its own icon from the local API's \`/v1/token-icon/SYM\`) and 1,000 SPEC §3 transaction items in one page (\`next: null\`; confirmed sends and receives of ETH, ADT, ADD and USDT-L, mined over the last 18 months, icons from the local API). Sizes are gzip -9 of each file as served, split by the demo build's metafile into the product and the demo page's code as in bench/namespaces. Timings: median (min–max) over the rounds.${retries.length > 0 ? ` Page runs that failed once and were run again: ${retries.map((r) => `“${r}”`).join('; ')}.` : ''}

### A page that never opens Account

| Page | Product JS before the first click | Demo page JS | All of it, concatenated | Files | Files with Account plugin code (tokens, nfts, activity, identity, send, receive; not their manifests) |
|---|---|---|---|---|---|
| EVM only, Blockchain API configured (\`?namespaces=eip155\`) | ${kib(withApi.product)} | ${kib(withApi.page)} | ${kib(withApi.concatenated)} | ${withApi.files} | ${withApi.accountFiles} |
| EVM only, no Blockchain API (\`?namespaces=eip155&blockchain=none\`) | ${kib(noApi.product)} | ${kib(noApi.page)} | ${kib(noApi.concatenated)} | ${noApi.files} | ${noApi.accountFiles} |

Before this issue the namespaces section above recorded 62.9 KiB of product JS for the EVM-only page (44 files, 57.3 KiB concatenated). ${withApi.accountFiles + noApi.accountFiles === 0 ? 'No Account plugin code is in the first load (only the manifests), with or without a Blockchain API.' : 'Account plugin code IS in the first load (see the last column).'} What the page imports dynamically at start, with the files only each brings (what the page would not fetch without it; product JS, those over 0.5 KiB): ${started.map((s) => `${s.name} ${kib(s.product)} in ${s.files} file${s.files === 1 ? '' : 's'}`).join('; ')}.

A first Account open — a connected page that has not opened the modal yet (connected, then reloaded: the Demo Wallet reconnects from storage), from the click on 'Connect wallet' until no request has been under way for 500 ms — fetches ${kib(firstOpen.fetchedSplit.product)} of product JS in ${firstOpen.fetchedSplit.files} files (${kib(firstOpen.fetchedSplit.concatenated)} concatenated):

| What | Files | Product JS |
|---|---|---|
${firstOpen.fetched.map((g) => `| ${g.label} | ${g.files} | ${kib(g.product)} |`).join('\n')}

### Click on the Account button → the Tokens tab's first frame

From the click on the page's 'Connect wallet' (which opens Account when connected) to the frame after the one in which the first \`[role="listitem"]\` of the list 'Your tokens' exists (\`clickToFrame\`). The demo page prints its whole state as text (\`#state\`) on every change — with 1,000 balances about 450 KB, laid out again in the frame that opens the modal — so these pages hide it (\`display: none\`) and the figures are the modal's. With it shown, a warm open took ${TOKEN_COUNTS.map((n) => `${stat(opens[n].map((r) => r.warmStateShown))} ms with ${num(n)} tokens`).join(' and ')}.

The Tokens view is a lazy chunk ("Loading…" until it arrives). It used to load through React.lazy and Suspense, and React 19 reveals what replaces a Suspense fallback no sooner than 300 ms after the fallback appeared: that throttle was most of the first opens (357 ms just after connecting, traced once: the view's chunk in at ~80 ms, the rows at ~340 ms). Plugin views now load without Suspense (src/ui/components/LazyView.tsx) and show in the render after their chunk arrives. A warm open has the view loaded.

The tabs' order on the modal's first open is SPEC §2's (Tokens, NFTs, Activity) whichever tab plugin's chunk finishes loading first (\`selectAccountTabs\`; before that fix it was the load order, and some first opens showed NFTs), and the first tab is the one shown. The ${firstOpenTabs.length} first opens (cold and just after connecting, counting those run again; * marks the tab shown): ${[...tabCounts].map(([tabs, n]) => `${tabs} × ${n}`).join('; ')}.

| Tokens | Open | Click → first token row frame, ms | Balance requests during it |
|---|---|---|---|
${openRows.join('\n')}

Token rows in the DOM after the warm open (virtualised): ${rowsShown(TOKEN_COUNTS[0])} of ${TOKEN_COUNTS[0]}, ${rowsShown(TOKEN_COUNTS[1])} of ${num(TOKEN_COUNTS[1])}.

${scrollSection}

### The library build's chunks (\`buildLibrary\` into a temp dir, dependencies external)

| Plugin | Chunk | gzip -9 |
|---|---|---|
${libraryRows.map((r) => `| ${r.plugin} | ${r.what} | ${num(r.gzip)} B |`).join('\n')}
${entryRows.map((r) => `| — | ${r.entry} with its static imports (${r.files} files) | ${num(r.gzip)} B |`).join('\n')}
<!-- account:end -->`
}
