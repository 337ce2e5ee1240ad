/** Pieces every agent page uses: the brand's zone, the report range in the address, paging, sorting, list states. */
import { ScrollRegion } from '../../components/ScrollRegion';
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api';
import { Card } from '../../components/member/common';
import { formatMoney, signOf } from '../../money';
import { useSystem } from '../../state/system';
import { brandToday, lastDays, offsetMinutes, parseDay, shiftDays, type DayRange } from './agentTime';

/** The brand's IANA zone (UTC until the status is known). */
export function useBrandZone(): string {
  return useSystem().system?.info?.merchant?.timeZone || 'UTC';
}

/** A `Date` that changes every `everyMs` while the component is shown. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface ReportRange extends DayRange {
  /** The brand's offset from UTC in minutes, as the reports take it. */
  timeZoneOffsetMinutes: number;
  today: string;
}

/**
 * The report range kept in the address (`from`, `to`), so a link opens the same figures; the last 7 brand days when
 * the address has none.
 */
export function useReportRange(defaultDays = 7): [ReportRange, (range: DayRange) => void] {
  const zone = useBrandZone();
  const [params, setParams] = useSearchParams();
  const today = brandToday(zone, new Date());
  const fallback = lastDays(today, defaultDays);
  const from = parseDay(params.get('from')) ?? fallback.from;
  const to = parseDay(params.get('to')) ?? fallback.to;
  const timeZoneOffsetMinutes = offsetMinutes(zone, new Date(`${to}T12:00:00Z`));
  const range = useMemo(() => ({ from, to, today, timeZoneOffsetMinutes }), [from, to, today, timeZoneOffsetMinutes]);
  const setRange = useCallback(
    (next: DayRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('from', next.from);
          updated.set('to', next.to);
          updated.delete('pageNo');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [range, setRange];
}

/** From / to days with the spec's shortcuts: previous and next 7 and 30 days. */
export function RangePicker({ range, onChange, testId }: { range: ReportRange; onChange: (range: DayRange) => void; testId: string }) {
  const { t } = useTranslation();
  const shortcut = (days: number, direction: -1 | 1) => onChange(shiftDays(range, days, direction, range.today));
  return (
    <div className="agent-range" data-testid={testId}>
      <label className="agent-range-field">
        <span>{t('agent_from')}</span>
        <input type="date" value={range.from} max={range.to} data-testid={`${testId}-from`} onChange={(event) => event.target.value && onChange({ from: event.target.value, to: range.to })} />
      </label>
      <label className="agent-range-field">
        <span>{t('agent_to')}</span>
        <input
          type="date"
          value={range.to}
          min={range.from}
          max={range.today}
          data-testid={`${testId}-to`}
          onChange={(event) => event.target.value && onChange({ from: range.from, to: event.target.value })}
        />
      </label>
      <div className="agent-range-shortcuts">
        <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-prev7`} onClick={() => shortcut(7, -1)}>
          {t('agent_prev_days', { count: 7 })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-next7`} disabled={range.to >= range.today} onClick={() => shortcut(7, 1)}>
          {t('agent_next_days', { count: 7 })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-prev30`} onClick={() => shortcut(30, -1)}>
          {t('agent_prev_days', { count: 30 })}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-next30`} disabled={range.to >= range.today} onClick={() => shortcut(30, 1)}>
          {t('agent_next_days', { count: 30 })}
        </button>
      </div>
    </div>
  );
}

/** The page number kept in the address (`pageNo`, or `name`), so a link and the back button keep it. */
export function usePageNo(name = 'pageNo'): [number, (pageNo: number) => void] {
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  const setPageNo = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set(name, String(next));
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      ),
    [setParams, name],
  );
  return [pageNo, setPageNo];
}

export function AgentPager({
  pageNo,
  totalPages,
  total,
  onPage,
  busy,
  testId,
}: {
  pageNo: number;
  totalPages: number;
  total: number;
  onPage: (pageNo: number) => void;
  busy: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const pages = Math.max(1, totalPages);
  return (
    <div className="pager" data-testid={testId}>
      <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-prev`} disabled={pageNo <= 1 || busy} onClick={() => onPage(pageNo - 1)}>
        {t('pager_prev')}
      </button>
      <span className="pager-info" data-testid={`${testId}-info`}>
        {t('pager_info', { page: pageNo, pages, total })}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-next`} disabled={pageNo >= pages || busy} onClick={() => onPage(pageNo + 1)}>
        {t('pager_next')}
      </button>
    </div>
  );
}

/**
 * Sets or clears filters kept in the address (an empty value clears one) and goes back to the first page, so a link
 * opens the same list.
 */
export function useFilterParams(): [URLSearchParams, (change: Record<string, string | undefined>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: Record<string, string | undefined>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        next.delete('pageNo');
        return next;
      }),
    [setParams],
  );
  return [params, update];
}

/** A report's filters: the range, a search by account (`account` in the address) and any other filters as children. */
export function ReportFilters({
  range,
  onRange,
  account,
  onAccount,
  testId,
  children,
}: {
  range: ReportRange;
  onRange: (range: DayRange) => void;
  account: string | undefined;
  onAccount: (account: string | undefined) => void;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(account ?? '');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onAccount(search.trim() || undefined);
  };
  return (
    <Card>
      <RangePicker range={range} onChange={onRange} testId={`${testId}-range`} />
      <form className="agent-search" onSubmit={onSearch} role="search">
        <input
          type="search"
          value={search}
          placeholder={t('agent_search_account')}
          aria-label={t('agent_search_account')}
          maxLength={50}
          onChange={(event) => setSearch(event.target.value)}
          data-testid={`${testId}-search`}
        />
        {children}
        <button type="submit" className="btn btn-primary btn-sm" data-testid={`${testId}-search-submit`}>
          {t('agent_search')}
        </button>
      </form>
    </Card>
  );
}

/** One page of a list read through a query. */
export interface ListPage {
  list: readonly unknown[];
  pageNo: number;
  total: number;
  /** When the answer does not give it, the pages are counted from `pageSize`. */
  totalPages?: number;
  pageSize?: number;
}

/**
 * A paged table with its loading, error and empty states and its pager; `children` renders the table's head and body
 * of a page that has rows. Test ids: `${testId}-table`, `${testId}-empty`, `${testId}-error`, `${testId}-pager`.
 */
export function PagedTable<P extends ListPage>({
  query,
  page,
  emptyText,
  onPage,
  testId,
  children,
}: {
  query: { isFetching: boolean; error: unknown; refetch: () => unknown };
  page: P | undefined;
  emptyText: string;
  onPage: (pageNo: number) => void;
  testId: string;
  children: (page: P) => ReactNode;
}) {
  return (
    <>
      <QueryState loading={query.isFetching} error={query.error} empty={!page || page.list.length === 0} emptyText={emptyText} onRetry={() => void query.refetch()} testId={testId} />
      {page && page.list.length > 0 && (
        <ScrollRegion busy={query.isFetching}>
          <table className="data-table agent-table" data-testid={`${testId}-table`}>
            {children(page)}
          </table>
        </ScrollRegion>
      )}
      {page && (
        <AgentPager
          pageNo={page.pageNo}
          totalPages={page.totalPages ?? Math.ceil(page.total / Math.max(1, page.pageSize ?? page.list.length))}
          total={page.total}
          busy={query.isFetching}
          onPage={onPage}
          testId={`${testId}-pager`}
        />
      )}
    </>
  );
}

/** A page's card: the member pages' card (title, optional tools on the right as `aside`, the content). */
export { Card as AgentCard };

/** Loading, error (with a retry) and empty states of a list read through a query. */
export function QueryState({ loading, error, empty, emptyText, onRetry, testId }: { loading: boolean; error: unknown; empty: boolean; emptyText: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div className="agent-error" role="alert" data-testid={`${testId}-error`}>
        <span>{errorMessage(error)}</span>
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          {t('agent_retry')}
        </button>
      </div>
    );
  }
  if (loading && empty)
    return (
      <p className="list-empty" aria-busy="true">
        {t('app_loading')}
      </p>
    );
  if (empty) {
    return (
      <p className="list-empty" data-testid={`${testId}-empty`}>
        {emptyText}
      </p>
    );
  }
  return null;
}

/** A decimal amount with the brand's symbol; signed amounts coloured as the member's result. */
export function Money({ amount, symbol, signed, testId }: { amount: string; symbol: string | null | undefined; signed?: boolean; testId?: string }) {
  const sign = signed ? signOf(amount) : 0;
  return (
    <span className={sign > 0 ? 'amount-in' : sign < 0 ? 'amount-out' : undefined} data-testid={testId}>
      {formatMoney(amount, symbol)}
    </span>
  );
}

/** A numeric table cell, labelled for the stacked rows of narrow screens. */
export function NumCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="num" data-label={label}>
      {children}
    </td>
  );
}

/** A column header that sorts the list by `column`; a second click turns the order. */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: {
  column: C;
  label: string;
  sort: { by: C; order: 'asc' | 'desc' };
  onSort: (sort: { by: C; order: 'asc' | 'desc' }) => void;
  numeric?: boolean;
}) {
  const active = sort.by === column;
  const next = active && sort.order === 'desc' ? 'asc' : 'desc';
  return (
    <th className={numeric ? 'num' : undefined} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={`agent-sort${active ? ' active' : ''}`} data-testid={`sort-${column}`} onClick={() => onSort({ by: column, order: active ? next : 'desc' })}>
        {label}
        <span aria-hidden="true">{active ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

/** "2026-11-25 14:02" in the brand's zone. */
export function formatBrandTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  } catch {
    return at.toISOString().slice(0, 16).replace('T', ' ');
  }
}
