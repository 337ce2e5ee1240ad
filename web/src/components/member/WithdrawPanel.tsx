import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, errorMessage, type ConfirmResult, type ConfirmWithdrawalBody, type Withdrawal } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { checkAmount, formatMoney, normaliseAmount } from '../../money';
import { useSession } from '../../state/session';
import { useNotices } from '../../state/ui';
import { required, type FieldError } from '../../validation';
import { Field, FormError } from '../Field';
import { PaymentPasswordField } from '../fields/PaymentPasswordField';
import { Modal } from '../Modal';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, StatusBadge, useBalanceVersion, usePaged } from './common';
import { PaymentPasswordForm } from './PaymentPasswordForm';
import { ProofPicker } from './ProofPicker';
import { COMMENT_MAX_CHARS, PROOF_MAX_FILES, toProofFiles, type PickedProof } from './proof';
import { useMerchantWallet, WalletSummary } from './WalletSummary';
import { ScrollRegion } from '../ScrollRegion';

function ConfirmReceiptDialog({ withdrawal, onClose, onDone }: { withdrawal: Withdrawal; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const runAction = useIdempotentAction();
  const [result, setResult] = useState<ConfirmResult>('received');
  const [receivedAmount, setReceivedAmount] = useState('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<PickedProof[]>([]);
  const [amountError, setAmountError] = useState<FieldError | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let body: ConfirmWithdrawalBody = { result };
    if (result === 'partial') {
      const problem = checkAmount(receivedAmount, { max: withdrawal.amount });
      setAmountError(problem);
      if (problem) return;
      body = { result, receivedAmount: normaliseAmount(receivedAmount) ?? receivedAmount.trim() };
    }
    if (result === 'not_received') {
      const text = comment.trim();
      const commentProblem = !text ? t('err_input_empty') : text.length > COMMENT_MAX_CHARS ? t('confirm_err_comment', { max: COMMENT_MAX_CHARS }) : null;
      const filesProblem = files.length === 0 ? t('proof_err_required') : files.length > PROOF_MAX_FILES ? t('proof_err_count') : null;
      setCommentError(commentProblem);
      setFilesError(filesProblem);
      if (commentProblem || filesProblem) return;
      body = { result, comment: text, files: await toProofFiles(files) };
    }
    setBusy(true);
    try {
      await runAction({ id: withdrawal.id, body }, (key) => api.confirmWithdrawal(withdrawal.id, body, key));
      showToast(t('confirm_done'));
      onDone();
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const options: ConfirmResult[] = ['received', 'partial', 'not_received'];
  return (
    <Modal title={t('confirm_title')} onClose={onClose} testId="confirm-receipt-dialog">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="form-note">{t('confirm_explain', { amount: formatMoney(withdrawal.amount, null) })}</p>
        <div className="tabs" role="radiogroup">
          {options.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={result === option}
              className={`tab${result === option ? ' active' : ''}`}
              data-testid={`confirm-option-${option}`}
              onClick={() => setResult(option)}
            >
              {t(`confirm_${option}`)}
            </button>
          ))}
        </div>
        {result === 'partial' && (
          <Field label={t('confirm_received_amount')} inputMode="decimal" value={receivedAmount} onValueChange={setReceivedAmount} error={amountError} testId="confirm-amount" required />
        )}
        {result === 'not_received' && (
          <>
            <div className={`field${commentError ? ' has-error' : ''}`}>
              <label htmlFor="confirm-comment">
                <span className="required-mark">*</span>
                {t('confirm_comment')}
              </label>
              <textarea id="confirm-comment" rows={3} maxLength={COMMENT_MAX_CHARS} value={comment} onChange={(event) => setComment(event.target.value)} data-testid="confirm-comment" />
              <span className="char-count">
                {comment.length}/{COMMENT_MAX_CHARS}
              </span>
              {commentError && (
                <p className="field-error" role="alert" data-testid="confirm-comment-error">
                  {commentError}
                </p>
              )}
            </div>
            <ProofPicker value={files} onChange={setFiles} testId="confirm-proof" error={filesError} />
          </>
        )}
        <FormError message={formError} testId="confirm-form-error" />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('in_more_cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="confirm-submit">
            {t('in_increase_submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface WithdrawDraft {
  amount: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
}

const EMPTY_DRAFT: WithdrawDraft = { amount: '', bankName: '', accountName: '', accountNumber: '', paymentPassword: '' };

export function WithdrawPanel() {
  const { t, i18n } = useTranslation();
  const { showToast, askConfirm } = useNotices();
  const { member } = useSession();
  const version = useBalanceVersion();
  const runAction = useIdempotentAction();
  const { wallet, error: walletError, reload: reloadWallet } = useMerchantWallet();
  const [passwordSet, setPasswordSet] = useState<boolean | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [draft, setDraft] = useState<WithdrawDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<keyof WithdrawDraft, FieldError | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const loadPasswordStatus = useCallback(() => {
    api
      .paymentPasswordStatus()
      .then((value) => {
        setPasswordSet(value.isSet);
        setPasswordError(null);
      })
      .catch((failure: unknown) => setPasswordError(errorMessage(failure)));
  }, []);
  useEffect(loadPasswordStatus, [loadPasswordStatus]);

  const fetchWithdrawals = useCallback((pageNo: number) => api.withdrawals(pageNo, PAGE_SIZE), []);
  const withdrawals = usePaged(fetchWithdrawals, `${version}-${refreshKey}`);

  const set = (name: keyof WithdrawDraft) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const amountProblem = checkAmount(draft.amount, { max: wallet?.available ?? null });
    const nextErrors = {
      amount: amountProblem?.key === 'money_err_amount_range' ? { key: 'money_err_over_available' } : amountProblem,
      bankName: required(draft.bankName),
      accountName: required(draft.accountName),
      accountNumber: required(draft.accountNumber),
      paymentPassword: required(draft.paymentPassword),
    };
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    const body = {
      amount: normaliseAmount(draft.amount) ?? draft.amount.trim(),
      bankName: draft.bankName.trim(),
      accountName: draft.accountName.trim(),
      accountNumber: draft.accountNumber.trim(),
      paymentPassword: draft.paymentPassword.trim(),
    };
    setBusy(true);
    try {
      try {
        await runAction(body, (key) => api.withdraw(body, key));
      } catch (failure) {
        // A bonus still wagering is forfeited by a withdrawal: say what is lost, and go on only if the member agrees.
        if (!(failure instanceof ApiError) || failure.code !== 'BONUS_FORFEIT_CONFIRM') throw failure;
        const agreed = await askConfirm({ title: t('withdraw_forfeit_title'), text: failure.message, cancelLabel: t('withdraw_forfeit_keep'), okLabel: t('withdraw_forfeit_ok') });
        if (!agreed) return;
        const confirmed = { ...body, forfeitBonus: true };
        await runAction(confirmed, (key) => api.withdraw(confirmed, key));
      }
      showToast(t('withdraw_done'));
      setDraft((current) => ({ ...current, amount: '', paymentPassword: '' }));
      reloadWallet();
      setRefreshKey((n) => n + 1);
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const rows = withdrawals.data?.content ?? [];
  const symbol = wallet?.currencySymbol ?? member?.currencySymbol ?? null;

  return (
    <div className="panel-stack" data-testid="panel-withdraw">
      <Card title={t('wallet_title')}>
        <WalletSummary wallet={wallet} error={walletError} />
      </Card>

      <Card
        title={t('withdraw_title')}
        aside={
          passwordSet && !changingPassword ? (
            <button type="button" className="link-button" data-testid="paypass-change" onClick={() => setChangingPassword(true)}>
              {t('paypass_change')}
            </button>
          ) : null
        }
      >
        {passwordError && <FormError message={passwordError} testId="paypass-status-error" />}
        {passwordSet === false && (
          <PaymentPasswordForm
            isSet={false}
            onDone={() => {
              setPasswordSet(true);
              loadPasswordStatus();
            }}
          />
        )}
        {passwordSet && changingPassword && (
          <div className="subsection">
            <h3>{t('paypass_change')}</h3>
            <PaymentPasswordForm isSet onDone={() => setChangingPassword(false)} />
            <button type="button" className="link-button" onClick={() => setChangingPassword(false)}>
              {t('in_more_cancel')}
            </button>
          </div>
        )}
        {passwordSet && !changingPassword && (
          <form className="form" onSubmit={(event) => void submit(event)} noValidate data-testid="withdraw-form">
            <div className="form-grid-2">
              <Field
                label={t('money_amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder={wallet ? t('withdraw_available_hint', { amount: formatMoney(wallet.available, symbol) }) : ''}
                value={draft.amount}
                onValueChange={set('amount')}
                error={errors.amount}
                testId="withdraw-amount"
                required
              />
              <Field label={t('withdraw_bank_name')} value={draft.bankName} onValueChange={set('bankName')} error={errors.bankName} testId="withdraw-bank-name" required maxLength={100} />
              <Field
                label={t('withdraw_account_name')}
                value={draft.accountName}
                onValueChange={set('accountName')}
                error={errors.accountName}
                testId="withdraw-account-name"
                required
                maxLength={100}
              />
              <Field
                label={t('withdraw_account_number')}
                value={draft.accountNumber}
                onValueChange={set('accountNumber')}
                error={errors.accountNumber}
                testId="withdraw-account-number"
                required
                maxLength={40}
              />
              <PaymentPasswordField value={draft.paymentPassword} onValueChange={set('paymentPassword')} error={errors.paymentPassword} testId="withdraw-paypass" />
            </div>
            <p className="form-note">{t('withdraw_explain')}</p>
            <FormError message={formError} testId="withdraw-form-error" />
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="withdraw-submit">
              {t('withdraw_submit')}
            </button>
          </form>
        )}
      </Card>

      <Card title={t('withdraw_list_title')} testId="withdrawal-list">
        <ListState loading={withdrawals.loading} error={withdrawals.error} empty={rows.length === 0} emptyText={t('withdraw_list_empty')} testId="withdrawal-list" />
        {rows.length > 0 && (
          <ScrollRegion label={t('withdraw_list_title')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th>{t('col_time')}</th>
                  <th className="num">{t('money_amount')}</th>
                  <th>{t('withdraw_bank_name')}</th>
                  <th>{t('col_status')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {rows.map((withdrawal) => (
                  <tr key={withdrawal.id} data-testid="withdrawal-row" data-status={withdrawal.status}>
                    <td>{formatDateTime(withdrawal.createdAt, i18n.language)}</td>
                    <td className="num">{formatMoney(withdrawal.amount, symbol)}</td>
                    <td>{[withdrawal.bankName, withdrawal.accountNumber].filter(Boolean).join(' · ') || '—'}</td>
                    <td>
                      <StatusBadge status={withdrawal.status} testId="withdrawal-status" />
                      {withdrawal.autoConfirmed && <span className="row-note">{t('withdraw_auto_confirmed')}</span>}
                      {withdrawal.receivedAmount && (
                        <span className="row-note" data-testid="withdrawal-received">
                          {t('withdraw_received_amount', { amount: formatMoney(withdrawal.receivedAmount, symbol) })}
                        </span>
                      )}
                    </td>
                    <td className="actions">
                      {withdrawal.status === 'paid' && (
                        <button type="button" className="btn btn-outline btn-sm" data-testid="withdrawal-confirm" onClick={() => setConfirming(withdrawal)}>
                          {t('confirm_open')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pager state={withdrawals} testId="withdrawal-pager" />
      </Card>

      {confirming && (
        <ConfirmReceiptDialog
          withdrawal={confirming}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setConfirming(null);
            setRefreshKey((n) => n + 1);
            reloadWallet();
          }}
        />
      )}
    </div>
  );
}
