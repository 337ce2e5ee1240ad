import { useId, useMemo, useState } from 'react';
import { formatLotteryOdds, LOTTERY_FAMILY_INFO, type LotteryFamily } from '@wps/contracts/lottery-rules';
import { DieFace } from './ResultsBoard';
import {
  betFormOf,
  betGroupsOf,
  checkSelection,
  checkStake,
  DEFAULT_LIMITS,
  emptyPick,
  oddsSummary,
  parseTypedNumbers,
  quickPickState,
  togglePick,
  type BetForm,
  type PickState,
  type SlipBet,
  type StakeLimits,
} from './slip';
import { useWords, type Words } from './useWords';

export interface BetBuilderProps {
  family: LotteryFamily;
  limits?: StakeLimits;
  currencySymbol?: string | null;
  /** Bets already on the slip: a full slip takes no more. */
  slipCount: number;
  /** False after the close (or without a draw): bets can still be composed but not added. */
  canAdd: boolean;
  onAdd: (bet: Omit<SlipBet, 'id'>) => void;
}

/**
 * Composes one bet from the family's rules: tabs by group, the bet types of the group with their odds, the picker the
 * bet type needs (position, number grid with per-number odds, named picks, typed numbers), a quick pick, the unit stake
 * and multiplier, and the live count of single bets and what the ticket costs. Refusals are in plain words.
 */
export function BetBuilder({ family, limits = DEFAULT_LIMITS, currencySymbol, slipCount, canAdd, onAdd }: BetBuilderProps) {
  const words = useWords(currencySymbol);
  const { t } = words;
  const groups = useMemo(() => betGroupsOf(family), [family]);
  const [groupIndex, setGroupIndex] = useState(0);
  const group = groups[Math.min(groupIndex, groups.length - 1)]!;
  const [code, setCode] = useState(group.betTypes[0]!.code);
  const betType = group.betTypes.find((candidate) => candidate.code === code) ?? group.betTypes[0]!;
  const form = betFormOf(betType);
  const [pick, setPick] = useState<PickState>(emptyPick);
  const [unitStake, setUnitStake] = useState(limits.minUnitStake);
  const [multiplier, setMultiplier] = useState('1');
  const stakeId = useId();
  const multiplierId = useId();

  const chooseBetType = (next: string) => {
    setCode(next);
    setPick(emptyPick());
  };
  const chooseGroup = (index: number) => {
    setGroupIndex(index);
    chooseBetType(groups[index]!.betTypes[0]!.code);
  };

  const selection = checkSelection(form, pick);
  const stake = selection.ok ? checkStake(form, selection.selection, unitStake, multiplier, limits) : null;
  const slipFull = slipCount >= limits.maxBetsPerSlip;
  const message = !selection.ok ? selection.message : stake && !stake.ok ? stake.message : slipFull ? { key: 'lp_err_slip_full', params: { count: limits.maxBetsPerSlip } } : null;
  const ready = selection.ok && stake?.ok === true && !slipFull && canAdd;

  const add = () => {
    if (!selection.ok || !stake?.ok) return;
    onAdd({ betType: betType.code, selection: selection.selection, unitStake: stake.unitStake, multiplier: stake.multiplier, combinations: selection.combinations, stakeMinor: stake.stakeMinor });
    setPick((current) => ({ ...emptyPick(), position: current.position }));
  };

  return (
    <section className="lp-builder" data-testid="lp-builder" aria-label={t('lp_add_to_slip')}>
      <div className="lp-tabs" role="tablist">
        {groups.map((entry, index) => (
          <button
            key={entry.group}
            type="button"
            role="tab"
            aria-selected={entry === group}
            className={entry === group ? 'is-on' : undefined}
            data-testid={`lp-group-${index}`}
            onClick={() => chooseGroup(index)}
          >
            {words.groupLabel(entry.group)}
          </button>
        ))}
      </div>
      <div className="lp-bet-types" role="group">
        {group.betTypes.map((candidate) => (
          <button
            key={candidate.code}
            type="button"
            className={`lp-option${candidate.code === betType.code ? ' is-on' : ''}`}
            aria-pressed={candidate.code === betType.code}
            data-testid={`lp-bet-${candidate.code}`}
            onClick={() => chooseBetType(candidate.code)}
          >
            <span>{words.betLabel(candidate.code)}</span>
            <span className="lp-odds" title={t('lp_odds')}>
              ×{oddsSummary(candidate)}
            </span>
          </button>
        ))}
      </div>

      {form.position && (
        <div className="lp-positions" role="group" aria-label={t('lp_position')}>
          {Array.from({ length: form.position.max }, (_, index) => index + 1).map((position) => (
            <button
              key={position}
              type="button"
              className={`lp-chip${pick.position === position ? ' is-on' : ''}`}
              aria-pressed={pick.position === position}
              onClick={() => setPick((current) => ({ ...current, position }))}
            >
              {words.positionText(betType.code, position)}
            </button>
          ))}
        </div>
      )}

      <Picker form={form} family={family} pick={pick} setPick={setPick} words={words} />
      {form.kind !== 'none' && (
        <div className="lp-grid-actions">
          <button type="button" className="btn btn-outline btn-sm" data-testid="lp-quick-pick" onClick={() => setPick(quickPickState(form, Math.random))}>
            {t('lp_quick_pick')}
          </button>
          {form.kind === 'grid' && form.options.length > 2 && (
            <>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPick((current) => ({ ...current, values: form.options.map((option) => option.value) }))}>
                {t('lp_pick_all')}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setPick((current) => ({ ...current, values: [] }))}>
                {t('lp_pick_clear')}
              </button>
            </>
          )}
        </div>
      )}

      <div className="lp-stake-row">
        <label className="lp-input" htmlFor={stakeId}>
          <span>{t('lp_unit_stake')}</span>
          <input id={stakeId} data-testid="lp-unit-stake" inputMode="decimal" value={unitStake} onChange={(event) => setUnitStake(event.target.value)} />
        </label>
        <label className="lp-input is-narrow" htmlFor={multiplierId}>
          <span>{t('lp_multiplier')}</span>
          <input id={multiplierId} data-testid="lp-multiplier" inputMode="numeric" value={multiplier} onChange={(event) => setMultiplier(event.target.value)} />
        </label>
      </div>

      <div className="lp-summary">
        <span className="lp-summary-line" data-testid="lp-line">
          {t('lp_stake_line', {
            bets: t('lp_bets_count', { count: selection.ok ? selection.combinations : 0 }),
            unit: stake?.ok ? words.money(stake.unitStakeMinor) : unitStake || '0',
            multiplier: stake?.ok ? stake.multiplier : multiplier || '0',
          })}
        </span>
        <strong className="lp-summary-total" data-testid="lp-line-total">
          {t('lp_total')}: {stake?.ok ? words.money(stake.stakeMinor) : '—'}
        </strong>
        <button type="button" className="btn btn-primary" data-testid="lp-add" disabled={!ready} onClick={add}>
          {t('lp_add_to_slip')}
        </button>
      </div>
      {message && (
        <p className="lp-error" role="alert" data-testid="lp-message">
          {t(message.key, message.params)}
        </p>
      )}
    </section>
  );
}

/** The selection picker of a bet type: a number grid, named picks, typed numbers, or nothing to pick. */
function Picker({ form, family, pick, setPick, words }: { form: BetForm; family: LotteryFamily; pick: PickState; setPick: (update: (current: PickState) => PickState) => void; words: Words }) {
  const { t } = words;
  const inputId = useId();
  const code = form.betType.code;
  if (form.kind === 'none') return <p className="lp-help">{t('lp_help_none')}</p>;
  if (form.kind === 'typed') {
    const { numbers } = parseTypedNumbers(pick.text, form.digits);
    const example = ((form.betType.example as Record<string, unknown>)[form.field!] as string[]).join(' ');
    const prizes = LOTTERY_FAMILY_INFO[family].prizeCount ?? 0;
    return (
      <div className="lp-typed">
        <label htmlFor={inputId} className="lp-help">
          {form.minCount > 1 ? t('lp_help_typed_min', { count: form.minCount, digits: form.digits, example }) : t('lp_help_typed', { digits: form.digits, example })}
          {code.endsWith('.lo') ? ` ${t('lp_help_lo', { prizes })}` : ''}
        </label>
        <input
          id={inputId}
          className="lp-typed-input"
          data-testid="lp-typed"
          inputMode="numeric"
          autoComplete="off"
          placeholder={example}
          value={pick.text}
          onChange={(event) => {
            const text = event.target.value;
            setPick((current) => ({ ...current, text }));
          }}
        />
        {numbers.length > 0 && (
          <div className="lp-typed-chips" aria-label={t('lp_numbers_label')}>
            {numbers.map((number) => (
              <span key={number} className="lp-ball is-small is-wide">
                {number}
              </span>
            ))}
          </div>
        )}
      </div>
    );
  }
  const toggle = (value: string | number) => setPick((current) => ({ ...current, values: togglePick(form, current.values, value) }));
  const perOptionOdds = form.options.some((option) => option.oddsBp !== undefined);
  return (
    <div className="lp-picker">
      <p className="lp-help">{form.minCount > 1 ? t('lp_help_grid_min', { count: form.minCount }) : t(form.kind === 'chips' ? 'lp_help_chips' : 'lp_help_grid')}</p>
      <div
        className={`lp-grid${form.kind === 'chips' ? ' is-chips' : ''}${perOptionOdds && form.kind === 'grid' ? ' has-odds' : ''}`}
        style={{ ['--cols' as string]: form.options.length > 11 ? Math.ceil(form.options.length / 2) : form.options.length }}
        role="group"
      >
        {form.options.map((option) => {
          const on = pick.values.includes(option.value);
          return (
            <button key={String(option.value)} type="button" className={`lp-pick${on ? ' is-on' : ''}`} aria-pressed={on} data-testid={`lp-pick-${option.value}`} onClick={() => toggle(option.value)}>
              {form.field === 'faces' && typeof option.value === 'number' ? <DieFace face={option.value} small /> : <span className="lp-pick-value">{words.value(code, option.value)}</span>}
              {option.oddsBp !== undefined && <span className="lp-odds">×{formatLotteryOdds(option.oddsBp)}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
