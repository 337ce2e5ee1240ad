/** The VIP page: the brand's levels, the member's progress to the next one and the level bonuses. */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCases } from '../../useCases';
import { call, errorMessage } from '../../api';
import { formatAmount } from '../../money';
import { useSession } from '../../state/session';
import { useModal } from '../../state/ui';
import { formatDateTime } from '../../components/member/common';
import { MEMBER_PATH } from '../memberPanels';
import { minorToAmount, percentOf, useVipStanding, vipKeys, type VipLevelValue, type VipPageValue } from './vipState';
import './vipBadges.css';
import './vip.css';
import { ProgressBar as Bar } from '../../components/ProgressBar';
import { intlLocale } from '../../i18n/languages';

type Progress = NonNullable<VipPageValue['member']>;

const money = (minor: string, currency: string) => `${formatAmount(minorToAmount(minor))} ${currency}`.trim();
const rate = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function ProgressBar({ label, value, target, currency, testId }: { label: string; value: string; target: string; currency: string; testId: string }) {
  const percent = percentOf(value, target);
  return (
    <div className="vip-progress" data-testid={testId}>
      <div className="vip-progress-head">
        <span>{label}</span>
        <span className="vip-progress-figures">
          <strong>{money(value, currency)}</strong> / {money(target, currency)}
        </span>
      </div>
      <Bar percent={percent} label={label} />
    </div>
  );
}

/** The member's card: its level, deposits and valid bet over the window against the next level, what keeps the level. */
function MemberCard({ page, progress }: { page: VipPageValue; progress: Progress }) {
  const { t } = useTranslation();
  return (
    <section className="panel-card vip-member" data-testid="vip-member" data-level={progress.level}>
      <div className="vip-member-head">
        <span className={`vip-badge vip-tier-${Math.min(progress.level, 9)}`} data-testid="vip-member-label">
          {progress.labelName}
        </span>
        <div className="vip-member-text">
          <h2>{t('vip_your_level', { label: progress.labelName })}</h2>
          <p className="vip-muted">{t('vip_window', { days: page.windowDays, from: progress.windowStart })}</p>
        </div>
      </div>
      {progress.next ? (
        <div className="vip-progress-list">
          <p className="vip-next" data-testid="vip-next">
            {t('vip_next', { label: progress.next.labelName })}
          </p>
          <ProgressBar label={t('vip_deposits')} value={progress.depositMinor} target={progress.next.depositMinor} currency={page.currency} testId="vip-progress-deposit" />
          <ProgressBar label={t('vip_valid_bet')} value={progress.validBetMinor} target={progress.next.validBetMinor} currency={page.currency} testId="vip-progress-bet" />
        </div>
      ) : (
        <p className="vip-next" data-testid="vip-top">
          {t('vip_top_level')}
        </p>
      )}
      {progress.keep && (
        <p className="vip-muted" data-testid="vip-keep">
          {t('vip_keep', { deposit: money(progress.keep.depositMinor, page.currency), bet: money(progress.keep.validBetMinor, page.currency) })}
        </p>
      )}
    </section>
  );
}

/** A day (yyyy-MM-dd) as the reader's language writes it, without the year for a birthday. */
const dayText = (day: string, language: string, withYear: boolean) =>
  new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The member's birthday for the level's birthday bonus: saved once here, then shown with the bonus it brings. */
function Birthday({ page, progress }: { page: VipPageValue; progress: Progress }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { token } = useSession();
  const [birthday, setBirthday] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const bonus = page.levels.find((level) => level.level === progress.level)?.birthdayBonusMinor ?? '0';
  const amount = money(bonus, page.currency);
  // At a level without a birthday bonus, the text speaks of the levels that have one.
  const later = BigInt(bonus) === 0n;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await call(useCases.setVipBirthday, { birthday });
      await client.invalidateQueries({ queryKey: vipKeys.page(token) });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="panel-card vip-birthday" data-testid="vip-birthday">
      <h3>{t('vip_birthday_title')}</h3>
      {progress.birthday ? (
        <>
          <p data-testid="vip-birthday-on-file">{t(later ? 'vip_birthday_on_file_later' : 'vip_birthday_on_file', { date: dayText(progress.birthday, i18n.language, false), amount })}</p>
          {progress.birthdayBonusFrom && progress.birthdayBonusFrom > new Date().toISOString().slice(0, 10) && (
            <p className="vip-muted" data-testid="vip-birthday-from">
              {t('vip_birthday_from', { date: dayText(progress.birthdayBonusFrom, i18n.language, true) })}
            </p>
          )}
        </>
      ) : (
        <form className="vip-birthday-form" onSubmit={(event) => void save(event)} noValidate>
          <p className="vip-muted">{t(later ? 'vip_birthday_prompt_later' : 'vip_birthday_prompt', { amount })}</p>
          <label className="field">
            <span>{t('vip_birthday_input')}</span>
            <input type="date" required value={birthday} max={new Date().toISOString().slice(0, 10)} onChange={(event) => setBirthday(event.target.value)} data-testid="vip-birthday-input" />
          </label>
          {failure && (
            <div className="form-error" role="alert" data-testid="vip-birthday-error">
              {failure}
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={saving || birthday === ''} data-testid="vip-birthday-save">
            {t('vip_birthday_save')}
          </button>
        </form>
      )}
    </section>
  );
}

function Bonuses({ progress, currency }: { progress: Progress; currency: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="panel-card" data-testid="vip-bonuses">
      <div className="panel-card-head">
        <h3>{t('vip_bonuses')}</h3>
        <Link to={`${MEMBER_PATH}?panel=rewardCenter`} className="btn btn-outline btn-sm" data-testid="vip-reward-centre">
          {t('vip_reward_centre')}
        </Link>
      </div>
      {progress.bonuses.length === 0 ? (
        <p className="list-empty" data-testid="vip-bonuses-empty">
          {t('vip_no_bonuses')}
        </p>
      ) : (
        <ul className="vip-bonus-list">
          {progress.bonuses.map((bonus, index) => (
            <li key={`${bonus.source}-${bonus.createdAt}-${index}`} className="vip-bonus" data-testid="vip-bonus" data-source={bonus.source}>
              <span className="vip-bonus-title">{bonus.title}</span>
              <span className="vip-bonus-amount">{bonus.kind === 'points' ? t('vip_points', { points: bonus.amountMinor }) : money(bonus.amountMinor, bonus.currency || currency)}</span>
              <span className="vip-bonus-meta">
                <span className={`status-badge tone-${bonus.status === 'available' ? 'ok' : bonus.status === 'expired' ? 'bad' : 'info'}`} data-status={bonus.status}>
                  {t(`vip_bonus_${bonus.status}`)}
                </span>
                <span className="vip-muted">{formatDateTime(bonus.createdAt, i18n.language)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LevelCard({ level, currency, current }: { level: VipLevelValue; currency: string; current: boolean }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('vip_upgrade_deposit'), money(level.upgradeDepositMinor, currency)],
    [t('vip_upgrade_bet'), money(level.upgradeValidBetMinor, currency)],
    [t('vip_keep_deposit'), money(level.keepDepositMinor, currency)],
    [t('vip_keep_bet'), money(level.keepValidBetMinor, currency)],
    [t('vip_upgrade_bonus'), money(level.upgradeBonusMinor, currency)],
    [t('vip_monthly_bonus'), money(level.monthlyBonusMinor, currency)],
    [t('vip_birthday_bonus'), money(level.birthdayBonusMinor, currency)],
    [t('vip_rebate'), rate(level.rebateBasisPoints)],
    [t('vip_withdrawal_limit'), level.withdrawalLimit || '—'],
  ];
  return (
    <li className={`vip-level${current ? ' current' : ''}`} data-testid={`vip-level-${level.level}`} aria-current={current ? 'true' : undefined}>
      <div className="vip-level-head">
        <span className={`vip-badge vip-tier-${level.level}`}>{level.labelName}</span>
        {current && <span className="vip-level-you">{t('vip_you_are_here')}</span>}
      </div>
      <dl className="vip-level-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="vip-fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export default function VipPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { member, token, authReady } = useSession();
  const { openModal } = useModal();
  const signedIn = member !== null && !member.isTrial;
  // Follows `vip` pushes for the member (the page is read again on a change).
  useVipStanding();
  const { data, error, isPending } = useQuery({
    // The bonuses' names come in the reader's language.
    queryKey: [...vipKeys.page(signedIn ? token : null), i18n.language],
    queryFn: () => call(useCases.vipPage, {}, { withSession: signedIn }),
    enabled: authReady,
  });
  // A level reached elsewhere (another tab, the monthly re-evaluation) shows when the page is opened again.
  useEffect(() => () => void client.invalidateQueries({ queryKey: [useCases.vipPage.id] }), [client]);

  return (
    <div className="vip-page" data-testid="vip-page">
      <header className="vip-hero">
        <h1 className="vip-title">{t('vip_title')}</h1>
        <p className="vip-muted">{t('vip_intro', { days: data?.windowDays ?? 30 })}</p>
      </header>
      {error ? (
        <div className="form-error" role="alert" data-testid="vip-error">
          {errorMessage(error)}
        </div>
      ) : isPending || !data ? (
        <p className="list-empty">{t('app_loading')}</p>
      ) : !data.hasVip ? (
        <p className="panel-card list-empty" data-testid="vip-off">
          {t('vip_not_available')}
        </p>
      ) : (
        <>
          {data.member ? (
            <div className="vip-head">
              <div className="vip-head-main">
                <MemberCard page={data} progress={data.member} />
                <Birthday page={data} progress={data.member} />
              </div>
              <Bonuses progress={data.member} currency={data.currency} />
            </div>
          ) : (
            <section className="panel-card vip-guest" data-testid="vip-guest">
              <p>{t(member?.isTrial ? 'vip_real_account' : 'vip_sign_in_prompt')}</p>
              {!member && (
                <button type="button" className="btn btn-primary" data-testid="vip-sign-in" onClick={() => openModal('login')}>
                  {t('header_login')}
                </button>
              )}
            </section>
          )}
          <section aria-label={t('vip_levels')}>
            <h2 className="vip-section-title">{t('vip_levels')}</h2>
            <ul className="vip-levels" data-testid="vip-levels">
              {data.levels.map((level) => (
                <LevelCard key={level.level} level={level} currency={data.currency} current={data.member?.level === level.level} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
