import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BonusDetail } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { useSession } from '../../../state/session';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, type PagedState } from '../common';
import { formatMinor, isoDay, rewardValue } from './format';
import { BonusWagering } from '../bonuses/BonusWagering';
import './rewards.css';

const DAY_MS = 86_400_000;
/** The filter a visit starts with: the last 30 days. */
const initialRange = () => ({ from: isoDay(new Date(Date.now() - 29 * DAY_MS)), to: isoDay(new Date()) });

/** bonusDetails: my bonuses with their wagering progress, then every reward and bonus received (claimed rewards, red envelopes), by date range, paged. */
export function BonusDetailsPanel() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const [draft, setDraft] = useState(initialRange);
  const [range, setRange] = useState(draft);
  const [pageNo, setPageNo] = useState(1);
  const invalid = draft.from !== '' && draft.to !== '' && draft.from > draft.to;
  const page = useQuery({
    queryKey: [useCases.bonusDetails.id, token, range.from, range.to, pageNo, i18n.language],
    queryFn: ({ signal }) => call(useCases.bonusDetails, { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}), pageNo, pageSize: PAGE_SIZE }, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const data = page.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setPageNo(1);
    setRange(draft);
  };

  const list: BonusDetail[] = data?.list ?? [];
  const pager: PagedState<BonusDetail> = {
    pageNo,
    setPageNo,
    data: data ? { content: data.list, pageNum: data.pageNo, totalPages: data.totalPages, total: data.total } : null,
    error: page.error ? errorMessage(page.error) : null,
    loading: page.isFetching,
    reload: () => void page.refetch(),
  };

  return (
    <div className="panel-stack" data-testid="panel-bonusDetails">
      <BonusWagering />
      <Card testId="bonus-details">
        <form className="bonus-filter" onSubmit={search} data-testid="bonus-filter">
          <label className="field bonus-filter-field">
            <span>{t('bonus_from')}</span>
            <input type="date" value={draft.from} max={draft.to || undefined} data-testid="bonus-from" onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))} />
          </label>
          <label className="field bonus-filter-field">
            <span>{t('bonus_to')}</span>
            <input type="date" value={draft.to} min={draft.from || undefined} data-testid="bonus-to" onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))} />
          </label>
          <button type="submit" className="btn btn-primary btn-sm bonus-filter-submit" data-testid="bonus-search" disabled={invalid}>
            {t('bonus_search')}
          </button>
          {invalid && (
            <p className="field-error bonus-filter-error" role="alert">
              {t('bonus_range_invalid')}
            </p>
          )}
        </form>
        {data && data.total > 0 && (
          <div className="bonus-totals" data-testid="bonus-totals">
            <span>{t('bonus_total_count', { count: data.total })}</span>
            {data.totals.money.map((money) => (
              <strong key={money.currency} data-testid="bonus-total-money">
                {formatMinor(money.amountMinor, money.currency)}
              </strong>
            ))}
            {data.totals.points !== '0' && <strong data-testid="bonus-total-points">{`${data.totals.points} ${t('rewards_points')}`}</strong>}
          </div>
        )}
        <ListState loading={page.isFetching && !data} error={pager.error} empty={list.length === 0} emptyText={t('bonus_empty')} testId="bonus" />
        {list.length > 0 && (
          <ul className="bonus-list" data-testid="bonus-list">
            {list.map((line) => (
              <li key={line.id} className="bonus-line" data-testid="bonus-line" data-source={line.source}>
                <span className="bonus-line-main">
                  <span className="bonus-line-title">{line.title}</span>
                  <span className="bonus-line-meta">
                    <span className={`bonus-tag source-${line.source}`}>{t(`rewards_source_${line.source}`)}</span>
                    <time dateTime={line.receivedAt}>{formatDateTime(line.receivedAt, i18n.language)}</time>
                  </span>
                </span>
                <span className="bonus-line-value amount amount-in" data-testid="bonus-line-value">
                  +{rewardValue(line, t('rewards_points'))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager state={pager} testId="bonus-pager" />
      </Card>
    </div>
  );
}
