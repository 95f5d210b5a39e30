import { useEffect, useRef, useState } from 'react'
import { api } from '../api'
import type { CatalogWallet, WalletLists } from '../codecs'
import { strings } from '../strings'
import type { SectionProps } from './ProjectPage'

type ListKey = keyof WalletLists
const LISTS: readonly ListKey[] = ['featured', 'included', 'excluded']
const LIST_NAMES: Record<ListKey, string> = { featured: strings.featured, included: strings.included, excluded: strings.excluded }

/** Featured, included and excluded wallets, picked from the server's catalog (search, pages, icons). */
export function WalletsSection({ project, save, onError }: SectionProps) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<{ data: CatalogWallet[]; count: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const pageSize = useRef(0)
  /** Every wallet seen in the catalog, for the names and icons of the lists. */
  const known = useRef(new Map<string, CatalogWallet>())

  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      api.catalog(search.trim(), page).then(
        (answer) => {
          if (!current) return
          for (const wallet of answer.data) known.current.set(wallet.id, wallet)
          if (page === 1) pageSize.current = Math.max(pageSize.current, answer.data.length)
          setResult(answer)
        },
        (caught: unknown) => {
          if (!current) return
          onError(caught)
          setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
        },
      )
    }, 200)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [search, page, onError])

  const listOf = (id: string): ListKey | 'none' => LISTS.find((key) => project.wallets[key].includes(id)) ?? 'none'
  const put = async (id: string, list: ListKey | 'none') => {
    const next: WalletLists = { featured: [], included: [], excluded: [] }
    for (const key of LISTS) next[key] = project.wallets[key].filter((w) => w !== id)
    if (list !== 'none') next[list] = [...next[list], id]
    try {
      await save({ wallets: next })
      setError(null)
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
    }
  }

  const size = pageSize.current || result?.data.length || 1
  const pages = result ? Math.max(1, Math.ceil(result.count / size)) : 1

  return (
    <div className="stack">
      <section className="card" aria-labelledby="wallets-heading">
        <h2 id="wallets-heading">{strings.walletsHeading}</h2>
        <p className="hint">{strings.walletsLead}</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="lists">
          {LISTS.map((key) => (
            <div key={key} className="list">
              <h3 id={`list-${key}`}>
                {LIST_NAMES[key]} <span className="badge">{project.wallets[key].length}</span>
              </h3>
              {project.wallets[key].length === 0 ? (
                <p className="empty">{strings.listEmpty}</p>
              ) : (
                <ul aria-labelledby={`list-${key}`}>
                  {project.wallets[key].map((id) => {
                    const wallet = known.current.get(id)
                    const name = wallet?.name ?? id
                    return (
                      <li key={id} className="wallet-chip">
                        <WalletIcon wallet={wallet} />
                        <span className="wallet-name">{name}</span>
                        <button
                          type="button"
                          className="icon-button small"
                          aria-label={strings.removeFrom(name, LIST_NAMES[key])}
                          title={strings.removeFrom(name, LIST_NAMES[key])}
                          onClick={() => void put(id, 'none')}
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </li>
                    )
                  })}
                </ul>
              )}
            </div>
          ))}
        </div>
      </section>

      <section className="card" aria-labelledby="catalog-heading">
        <h2 id="catalog-heading">{strings.catalogHeading}</h2>
        <label htmlFor="catalog-search">{strings.searchLabel}</label>
        <input
          id="catalog-search"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        <p className="hint" role="status">
          {result ? strings.catalogCount(result.data.length, result.count) : strings.loading}
        </p>
        {result && result.data.length === 0 && <p className="empty">{strings.catalogEmpty}</p>}
        <ul className="catalog">
          {result?.data.map((wallet) => (
            <li key={wallet.id}>
              <WalletIcon wallet={wallet} />
              <label htmlFor={`pick-${wallet.id}`} className="wallet-name">
                {wallet.name}
              </label>
              <select id={`pick-${wallet.id}`} value={listOf(wallet.id)} onChange={(e) => void put(wallet.id, e.target.value as ListKey | 'none')}>
                <option value="none">{strings.none}</option>
                {LISTS.map((key) => (
                  <option key={key} value={key}>
                    {LIST_NAMES[key]}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className="pager" aria-label={strings.catalogHeading}>
            <button type="button" className="secondary" aria-disabled={page <= 1} onClick={() => page > 1 && setPage(page - 1)}>
              {strings.previousPage}
            </button>
            <span>{strings.pageOf(page, pages)}</span>
            <button type="button" className="secondary" aria-disabled={page >= pages} onClick={() => page < pages && setPage(page + 1)}>
              {strings.nextPage}
            </button>
          </nav>
        )}
      </section>
    </div>
  )
}

/** The wallet's icon from the catalog (decorative: its name is beside it), or its initial. */
function WalletIcon({ wallet }: { wallet: CatalogWallet | undefined }) {
  if (wallet?.image_url) return <img className="wallet-icon" src={wallet.image_url} alt="" width={28} height={28} loading="lazy" />
  return (
    <span className="wallet-icon placeholder" aria-hidden="true">
      {(wallet?.name ?? '?').slice(0, 1)}
    </span>
  )
}
