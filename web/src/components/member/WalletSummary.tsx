import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, type MerchantWallet } from '../../api';
import { formatMoney } from '../../money';
import { useSession } from '../../state/session';
import { useBalanceVersion } from './common';
import { useBonuses } from './bonuses/bonusMoney';

/** Balance, available and held money from GCS_merchantWallet, refreshed on every balance push. */
export function useMerchantWallet(): { wallet: MerchantWallet | null; error: string | null; reload: () => void } {
  const version = useBalanceVersion();
  const [wallet, setWallet] = useState<MerchantWallet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [manual, setManual] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    api
      .merchantWallet()
      .then((value) => {
        if (call !== latest.current) return;
        setWallet(value);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (call === latest.current) setError(errorMessage(failure));
      });
  }, [version, manual]);

  const reload = useCallback(() => setManual((n) => n + 1), []);
  return { wallet, error, reload };
}

export function WalletSummary({ wallet, error }: { wallet: MerchantWallet | null; error: string | null }) {
  const { t } = useTranslation();
  const { member } = useSession();
  const symbol = wallet?.currencySymbol ?? member?.currencySymbol;
  const money = (amount: string | undefined) => (wallet && amount !== undefined ? formatMoney(amount, symbol) : '—');
  const bonuses = useBonuses().data;
  const hasBonus = bonuses !== undefined && (bonuses.bonusBalanceMinor !== '0' || bonuses.bonuses.some((bonus) => bonus.state === 'wagering'));
  return (
    <div className="wallet-summary" data-testid="wallet-summary">
      <div className="wallet-figure">
        <span className="wallet-label">{t('wallet_balance')}</span>
        <span className="wallet-value" data-testid="wallet-balance">
          {money(wallet?.balance)}
        </span>
      </div>
      <div className="wallet-figure">
        <span className="wallet-label">{t('wallet_available')}</span>
        <span className="wallet-value wallet-available" data-testid="wallet-available">
          {money(wallet?.available)}
        </span>
      </div>
      <div className="wallet-figure">
        <span className="wallet-label">{t('wallet_held')}</span>
        <span className="wallet-value wallet-held" data-testid="wallet-held">
          {money(wallet?.held)}
        </span>
      </div>
      {hasBonus && (
        <div className="wallet-figure">
          <span className="wallet-label">{t('wallet_bonus')}</span>
          <span className="wallet-value wallet-bonus" data-testid="wallet-bonus">
            {formatMoney(bonuses.bonusBalance, symbol)}
          </span>
        </div>
      )}
      {error && (
        <p className="field-error wallet-error" role="alert" data-testid="wallet-error">
          {error}
        </p>
      )}
    </div>
  );
}
