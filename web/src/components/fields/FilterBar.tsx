import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The filter bar of the member centre's record lists: the filters, any extra buttons, then Search, which applies
 * what was chosen.
 */
export function FilterBar({ onSearch, searchTestId, actions, children }: { onSearch: () => void; searchTestId: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
      <div className="filter-buttons">
        {actions}
        <button type="submit" className="btn btn-primary btn-sm" data-testid={searchTestId}>
          {t('records_search')}
        </button>
      </div>
    </form>
  );
}

/** A drop-down filter; unless `withAll` is off, its first choice is the empty value, meaning "all". */
export function SelectFilter({
  label,
  value,
  onChange,
  testId,
  options,
  withAll = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  options: readonly { value: string; label: string }[];
  withAll?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="filter">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {withAll && <option value="">{t('records_type_all')}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** First and last day (yyyy-MM-dd); neither may pass the other. */
export function DateRangeFilter({ from, to, onChange, testIdPrefix }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="filter">
        <span>{t('records_from')}</span>
        <input type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value, to })} data-testid={`${testIdPrefix}-from`} />
      </label>
      <label className="filter">
        <span>{t('records_to')}</span>
        <input type="date" value={to} min={from || undefined} onChange={(event) => onChange({ from, to: event.target.value })} data-testid={`${testIdPrefix}-to`} />
      </label>
    </>
  );
}
