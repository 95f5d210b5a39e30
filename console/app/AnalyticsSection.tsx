import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { api } from '../api'
import type { Analytics, LatestError } from '../codecs'
import { fillDays, isEmpty, lastDays, METRICS, ranked, value } from '../analyticsData'
import { strings } from '../strings'
import type { SectionProps } from './ProjectPage'
import { Chart } from './Chart'
import { FieldError } from './FieldError'

/** The html element's theme, followed (the charts' colours come from it). */
function useTheme(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'light')
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? 'light'))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return theme
}

/** The project's analytics over a date range: charts per day, breakdowns, the funnel, and a table. */
export function AnalyticsSection({ project, onError }: SectionProps) {
  const [range, setRange] = useState(() => lastDays(30))
  const [draft, setDraft] = useState(range)
  const [answer, setAnswer] = useState<{ analytics: Analytics; from: string; to: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const theme = useTheme()

  const load = useCallback(
    (from: string, to: string) =>
      api.analytics(project.id, from, to).then(
        (analytics) => {
          setAnswer({ analytics, from, to })
          setError(null)
        },
        (caught: unknown) => {
          onError(caught)
          setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
        },
      ),
    [project.id, onError],
  )
  useEffect(() => void load(range.from, range.to), [load, range])

  const days = useMemo(() => (answer ? fillDays(answer.analytics, answer.from, answer.to) : []), [answer])
  const dayNames = useMemo(() => days.map((d) => d.day), [days])
  const series = useMemo(() => Object.fromEntries(METRICS.map((m) => [m, days.map((d) => value(d, m))])), [days])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRange({ ...draft })
  }
  const totals = answer?.analytics.totals
  const funnel = answer?.analytics.funnel
  const rate = funnel && funnel.opened > 0 ? `${Math.round((funnel.connected / funnel.opened) * 100)}%` : '—'

  return (
    <div className="stack">
      <section className="card" aria-labelledby="analytics-heading">
        <h2 id="analytics-heading">{strings.analyticsHeading}</h2>
        <form className="range" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="range-from">{strings.from}</label>
            <input id="range-from" type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="range-to">{strings.to}</label>
            <input id="range-to" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <button type="submit" className="primary">
            {strings.show}
          </button>
        </form>
        <FieldError id="analytics-error" message={error} />
        {!answer && !error && <p role="status">{strings.loading}</p>}
        {answer && isEmpty(days) && <p className="empty">{strings.analyticsEmpty}</p>}
      </section>

      {answer && totals && funnel && (
        <>
          <section className="card" aria-labelledby="totals-heading">
            <h2 id="totals-heading">{strings.totalsHeading}</h2>
            <dl className="totals">
              {METRICS.map((metric) => (
                <div key={metric}>
                  <dt>{strings.metrics[metric]}</dt>
                  <dd>{metric === 'errors' ? Object.values(totals.errors).reduce((a, b) => a + b, 0) : totals[metric]}</dd>
                </div>
              ))}
            </dl>
            <h3 id="funnel-heading">{strings.funnelHeading}</h3>
            <div className="funnel" aria-labelledby="funnel-heading">
              <div className="meter" aria-hidden="true">
                <span style={{ width: funnel.opened > 0 ? `${Math.min(100, (funnel.connected / funnel.opened) * 100)}%` : '0%' }} />
              </div>
              <p>{strings.funnelText(funnel.opened, funnel.connected, rate)}</p>
            </div>
          </section>

          <section className="card" aria-labelledby="per-day-heading">
            <h2 id="per-day-heading">{strings.perDayHeading}</h2>
            <div className="charts">
              {METRICS.map((metric) => (
                <figure key={metric}>
                  <figcaption>{strings.metrics[metric]}</figcaption>
                  <Chart
                    label={strings.chartLabel(strings.metrics[metric] ?? metric, answer.from, answer.to)}
                    days={dayNames}
                    values={series[metric] ?? []}
                    theme={theme}
                  />
                </figure>
              ))}
            </div>
          </section>

          <section className="card" aria-labelledby="breakdown-heading">
            <h2 id="breakdown-heading">{strings.breakdownHeading}</h2>
            <div className="breakdowns">
              <Breakdown id="by-wallet" title={strings.byWallet} counts={totals.byWallet} />
              <Breakdown id="by-method" title={strings.byMethod} counts={totals.byMethod} />
              <Breakdown id="by-namespace" title={strings.byNamespace} counts={totals.byNamespace} />
              <Breakdown id="by-error" title={strings.errorsByCode} counts={totals.errors} />
            </div>
          </section>

          <section className="card" aria-labelledby="table-heading">
            <h2 id="table-heading">{strings.tableHeading}</h2>
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="table-heading">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{strings.day}</th>
                    {METRICS.map((metric) => (
                      <th key={metric} scope="col">
                        {strings.metrics[metric]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{day.day}</th>
                      {METRICS.map((metric) => (
                        <td key={metric}>{value(day, metric)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
      <LatestErrorsCard projectId={project.id} onError={onError} />
    </div>
  )
}

/** The project's latest SDK error reports (SPEC §7 POST /e), newest first, as a table. */
function LatestErrorsCard({ projectId, onError }: { projectId: string; onError: SectionProps['onError'] }) {
  const [errors, setErrors] = useState<readonly LatestError[] | null>(null)
  useEffect(() => {
    let live = true
    api.latestErrors(projectId).then(
      (answer) => live && setErrors(answer),
      (caught: unknown) => live && onError(caught),
    )
    return () => {
      live = false
    }
  }, [projectId, onError])
  return (
    <section className="card" aria-labelledby="latest-errors-heading">
      <h2 id="latest-errors-heading">{strings.latestErrorsHeading}</h2>
      {errors === null ? (
        <p role="status">{strings.loading}</p>
      ) : errors.length === 0 ? (
        <p className="empty">{strings.latestErrorsEmpty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="latest-errors-heading">
          <table>
            <thead>
              <tr>
                <th scope="col">{strings.errorTime}</th>
                <th scope="col">{strings.errorKind}</th>
                <th scope="col">{strings.errorWhere}</th>
                <th scope="col">{strings.errorPage}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error) => (
                <tr key={`${error.at}-${error.stackTrace}-${error.errorMessage}`}>
                  <th scope="row">{new Date(error.at).toISOString().replace('T', ' ').slice(0, 19)}</th>
                  <td>
                    {error.errorType}: {error.errorMessage} ({error.event})
                  </td>
                  <td>{error.stackTrace}</td>
                  <td>
                    {error.url} ({error.sdkVersion})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** One breakdown as a small table with bars (the bar is decoration; the count is the figure). */
function Breakdown({ id, title, counts }: { id: string; title: string; counts: Record<string, number> }) {
  const entries = ranked(counts)
  const top = entries[0]?.[1] ?? 0
  return (
    <div className="breakdown">
      <h3 id={id}>{title}</h3>
      {entries.length === 0 ? (
        <p className="empty">{strings.listEmpty}</p>
      ) : (
        <table aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{strings.key}</th>
              <th scope="col">{strings.count}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([key, count]) => (
              <tr key={key}>
                <th scope="row">
                  <span className="bar-track" aria-hidden="true">
                    <span style={{ width: `${top > 0 ? (count / top) * 100 : 0}%` }} />
                  </span>
                  {key}
                </th>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
