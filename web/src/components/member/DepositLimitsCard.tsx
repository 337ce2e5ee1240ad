import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, type DepositLimits, type DepositLimitsUpdate, type LimitValue } from '../../api';
import { checkAmount, formatMoney, normaliseAmount, toMinor } from '../../money';
import { useSession } from '../../state/session';
import { useNotices } from '../../state/ui';
import type { FieldError } from '../../validation';
import { Field, FormError } from '../Field';
import { Card, formatDateTime } from './common';

const PERIODS = ['daily', 'weekly', 'monthly'] as const;
type Period = (typeof PERIODS)[number];

const sameLimit = (a: LimitValue, b: LimitValue) => (a === null || b === null ? a === b : toMinor(a) === toMinor(b));

/** Daily, weekly and monthly deposit limits; a lower limit applies at once, a higher one after the cooling-off. */
export function DepositLimitsCard() {
  const { t, i18n } = useTranslation();
  const { showToast } = useNotices();
  const { member } = useSession();
  const [limits, setLimits] = useState<DepositLimits | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<Period, string>>({ daily: '', weekly: '', monthly: '' });
  const [errors, setErrors] = useState<Partial<Record<Period, FieldError | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const show = useCallback((value: DepositLimits) => {
    setLimits(value);
    setDrafts({ daily: value.daily ?? '', weekly: value.weekly ?? '', monthly: value.monthly ?? '' });
  }, []);

  useEffect(() => {
    let live = true;
    api
      .depositLimits()
      .then((value) => live && show(value))
      .catch((failure: unknown) => live && setLoadError(errorMessage(failure)));
    return () => {
      live = false;
    };
  }, [show]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!limits) return;
    setFormError(null);
    const nextErrors: Partial<Record<Period, FieldError | null>> = {};
    const update: DepositLimitsUpdate = {};
    for (const period of PERIODS) {
      const draft = drafts[period].trim();
      const wanted: LimitValue = draft === '' ? null : normaliseAmount(draft);
      if (draft !== '') {
        const problem = checkAmount(draft);
        if (problem) {
          nextErrors[period] = problem;
          continue;
        }
      }
      if (!sameLimit(wanted, limits[period])) update[period] = wanted;
    }
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    if (Object.keys(update).length === 0) {
      setFormError(t('limits_unchanged'));
      return;
    }
    setBusy(true);
    try {
      const value = await api.updateDepositLimits(update);
      show(value);
      showToast(t(value.pending ? 'limits_saved_pending' : 'limits_saved'));
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const symbol = member?.currencySymbol ?? '$';
  const shown = (value: LimitValue | undefined) => (value === null || value === undefined ? t('limits_none') : formatMoney(value, symbol));
  const pending = limits?.pending ?? null;
  const pendingPeriods = pending ? PERIODS.filter((period) => period in pending) : [];

  return (
    <Card title={t('limits_title')} testId="deposit-limits">
      <p className="form-note">{t('limits_explain')}</p>
      {loadError && <FormError message={loadError} testId="limits-load-error" />}
      {limits && (
        <>
          <div className="limit-current">
            {PERIODS.map((period) => (
              <div key={period} className="wallet-figure">
                <span className="wallet-label">{t(`limits_${period}`)}</span>
                <span className="wallet-value" data-testid={`limit-current-${period}`}>
                  {shown(limits[period])}
                </span>
              </div>
            ))}
          </div>
          {pending && pendingPeriods.length > 0 && (
            <div className="limit-pending" data-testid="limits-pending">
              <strong>{t('limits_pending_title', { time: formatDateTime(pending.effectiveAt, i18n.language) })}</strong>
              <ul>
                {pendingPeriods.map((period) => (
                  <li key={period} data-testid={`limit-pending-${period}`}>
                    {t(`limits_${period}`)}: {shown(pending[period])}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <div className="form-grid-3">
              {PERIODS.map((period) => (
                <Field
                  key={period}
                  label={t(`limits_${period}`)}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('limits_none')}
                  value={drafts[period]}
                  onValueChange={(value) => setDrafts((current) => ({ ...current, [period]: value }))}
                  error={errors[period] ?? null}
                  testId={`limit-${period}`}
                />
              ))}
            </div>
            <FormError message={formError} testId="limits-form-error" />
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="limits-save">
              {t('limits_save')}
            </button>
          </form>
        </>
      )}
    </Card>
  );
}
