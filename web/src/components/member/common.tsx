import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Paged } from '../../api';
import { formatAmount, signOf } from '../../money';
import { useWallet } from '../../state/wallet';
import { intlLocale } from '../../i18n/languages';

export const PAGE_SIZE = 10;

/** Changes whenever a live balance push (or a fetch) brings a newer balance, so panels can refresh with the header. */
export function useBalanceVersion(): number | null {
  return useWallet().balance?.version ?? null;
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(intlLocale(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export interface PagedState<T> {
  pageNo: number;
  setPageNo: (pageNo: number) => void;
  data: Paged<T> | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * One paged list from the server. `fetchPage` must be stable (useCallback); `refreshKey` refetches the current page
 * whenever it changes (a balance push, a submitted form).
 */
export function usePaged<T>(fetchPage: (pageNo: number) => Promise<Paged<T>>, refreshKey: unknown): PagedState<T> {
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<Paged<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [manual, setManual] = useState(0);
  const latest = useRef(0);

  useEffect(() => setPageNo(1), [fetchPage]);

  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    fetchPage(pageNo)
      .then((value) => {
        if (call !== latest.current) return;
        setData(value);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (call !== latest.current) return;
        setError(errorMessage(failure));
      })
      .finally(() => {
        if (call === latest.current) setLoading(false);
      });
  }, [fetchPage, pageNo, refreshKey, manual]);

  const reload = useCallback(() => setManual((n) => n + 1), []);
  return { pageNo, setPageNo, data, error, loading, reload };
}

export function Pager<T>({ state, testId }: { state: PagedState<T>; testId: string }) {
  const { t } = useTranslation();
  const totalPages = Math.max(1, state.data?.totalPages ?? 1);
  if (!state.data || state.data.total === 0) return null;
  return (
    <div className="pager" data-testid={testId}>
      <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-prev`} disabled={state.pageNo <= 1 || state.loading} onClick={() => state.setPageNo(state.pageNo - 1)}>
        {t('pager_prev')}
      </button>
      <span className="pager-info" data-testid={`${testId}-info`}>
        {t('pager_info', { page: state.pageNo, pages: totalPages, total: state.data.total })}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" data-testid={`${testId}-next`} disabled={state.pageNo >= totalPages || state.loading} onClick={() => state.setPageNo(state.pageNo + 1)}>
        {t('pager_next')}
      </button>
    </div>
  );
}

const STATUS_TONES: Record<string, 'ok' | 'warn' | 'bad' | 'info'> = {
  pending: 'warn',
  approved: 'ok',
  paid: 'info',
  processing: 'info',
  credited: 'ok',
  completed: 'ok',
  success: 'ok',
  confirmed: 'ok',
  settled: 'ok',
  rejected: 'bad',
  declined: 'bad',
  failed: 'bad',
  cancelled: 'bad',
  disputed: 'bad',
  expired: 'bad',
};

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  const key = status.toLowerCase();
  return (
    <span className={`status-badge tone-${STATUS_TONES[key] ?? 'info'}`} data-testid={testId} data-status={key}>
      {t(`status_${key}`, { defaultValue: status })}
    </span>
  );
}

/** A signed amount, green when money came in and red when it went out. */
export function SignedAmount({ amount, testId }: { amount: string; testId?: string }) {
  const sign = signOf(amount);
  const text = formatAmount(amount);
  return (
    <span className={`amount ${sign > 0 ? 'amount-in' : sign < 0 ? 'amount-out' : ''}`} data-testid={testId}>
      {sign > 0 && !text.startsWith('+') ? `+${text}` : text}
    </span>
  );
}

export function Card({ title, children, testId, aside }: { title?: string; children: ReactNode; testId?: string; aside?: ReactNode }) {
  return (
    <section className="panel-card" data-testid={testId}>
      {(title || aside) && (
        <div className="panel-card-head">
          {title && <h2>{title}</h2>}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}

export function ListState({ loading, error, empty, emptyText, testId }: { loading: boolean; error: string | null; empty: boolean; emptyText: string; testId: string }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div className="form-error" role="alert" data-testid={`${testId}-error`}>
        {error}
      </div>
    );
  }
  if (empty && loading) return <p className="list-empty">{t('app_loading')}</p>;
  if (empty) {
    return (
      <p className="list-empty" data-testid={`${testId}-empty`}>
        {emptyText}
      </p>
    );
  }
  return null;
}
