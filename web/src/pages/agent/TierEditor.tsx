import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../money';
import type { ContractKind } from '@wps/contracts';
import { emptyTier, MAX_TIERS, type TierDraft } from './tiers';

/** The tier table of one contract, editable row by row. */
export function TierEditor({
  kind,
  drafts,
  onChange,
  testId,
  fixedThresholds,
}: {
  kind: ContractKind;
  drafts: TierDraft[];
  onChange: (drafts: TierDraft[]) => void;
  testId: string;
  fixedThresholds?: boolean;
}) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<TierDraft>) => onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  return (
    <div className="agent-tiers" data-testid={testId}>
      <table className="data-table agent-table agent-tier-table">
        <thead>
          <tr>
            <th>{t(`agent_tier_base_${kind}`)}</th>
            <th>{t('agent_tier_active')}</th>
            {kind === 'realtime' && <th>{t('agent_tier_on')}</th>}
            <th>{t('agent_tier_rate')}</th>
            {!fixedThresholds && <th aria-label={t('agent_actions')} />}
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, index) => (
            <tr key={index} data-testid={`${testId}-row`}>
              <td data-label={t(`agent_tier_base_${kind}`)}>
                {fixedThresholds ? (
                  <span data-testid={`${testId}-base-${index}`}>{formatAmount(draft.minBase)}</span>
                ) : (
                  <input
                    inputMode="decimal"
                    value={draft.minBase}
                    aria-label={t(`agent_tier_base_${kind}`)}
                    data-testid={`${testId}-base-${index}`}
                    onChange={(event) => set(index, { minBase: event.target.value })}
                  />
                )}
              </td>
              <td data-label={t('agent_tier_active')}>
                {fixedThresholds ? (
                  <span data-testid={`${testId}-active-${index}`}>{draft.minActive}</span>
                ) : (
                  <input
                    inputMode="numeric"
                    value={draft.minActive}
                    aria-label={t('agent_tier_active')}
                    data-testid={`${testId}-active-${index}`}
                    onChange={(event) => set(index, { minActive: event.target.value })}
                  />
                )}
              </td>
              {kind === 'realtime' && (
                <td data-label={t('agent_tier_on')}>
                  {fixedThresholds ? (
                    <span>{draft.on ? t(`agent_on_${draft.on}`) : '—'}</span>
                  ) : (
                    <select value={draft.on} aria-label={t('agent_tier_on')} data-testid={`${testId}-on-${index}`} onChange={(event) => set(index, { on: event.target.value as TierDraft['on'] })}>
                      <option value="loss">{t('agent_on_loss')}</option>
                      <option value="win">{t('agent_on_win')}</option>
                      <option value="single">{t('agent_on_single')}</option>
                    </select>
                  )}
                </td>
              )}
              <td data-label={t('agent_tier_rate')}>
                <span className="agent-rate-input">
                  <input
                    inputMode="decimal"
                    value={draft.rate}
                    aria-label={t('agent_tier_rate')}
                    data-testid={`${testId}-rate-${index}`}
                    onChange={(event) => set(index, { rate: event.target.value })}
                  />
                  <span aria-hidden="true">%</span>
                </span>
              </td>
              {!fixedThresholds && (
                <td className="actions">
                  <button type="button" className="btn btn-ghost btn-sm" disabled={drafts.length <= 1} onClick={() => onChange(drafts.filter((_, at) => at !== index))}>
                    {t('agent_tier_remove')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!fixedThresholds && drafts.length < MAX_TIERS && (
        <button type="button" className="btn btn-outline btn-sm" data-testid={`${testId}-add`} onClick={() => onChange([...drafts, emptyTier(kind)])}>
          {t('agent_tier_add')}
        </button>
      )}
    </div>
  );
}
