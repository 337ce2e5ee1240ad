import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, type Deposit, type DepositMethod } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { checkAmount, formatAmount, formatMoney, normaliseAmount } from '../../money';
import { useSession } from '../../state/session';
import { useNotices } from '../../state/ui';
import type { FieldError } from '../../validation';
import { Field, FormError } from '../Field';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, StatusBadge, useBalanceVersion, usePaged } from './common';
import { DepositLimitsCard } from './DepositLimitsCard';
import { ProofPicker } from './ProofPicker';
import { toProofFiles, type PickedProof } from './proof';
import { ScrollRegion } from '../ScrollRegion';

/** Opens the payment page in a popup opened during the click (so it is not blocked), else in this tab. */
function openPaymentWindow(): Window | null {
  try {
    return window.open('', 'sandbox-pay', 'width=520,height=720');
  } catch {
    return null;
  }
}

function methodOf(deposit: Deposit, methods: DepositMethod[]): DepositMethod | undefined {
  return methods.find((method) => method.code === deposit.method || method.name === deposit.method);
}

function BankDetails({ method }: { method: DepositMethod }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    [t('deposit_bank_name'), method.details.bankName],
    [t('deposit_account_name'), method.details.accountName],
    [t('deposit_account_number'), method.details.accountNumber],
  ];
  return (
    <div className="bank-details" data-testid="bank-details">
      <dl>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {method.details.note && <p className="form-note">{method.details.note}</p>}
      <p className="form-note">{t('deposit_bank_hint')}</p>
    </div>
  );
}

function ProofUpload({ deposit, onUploaded }: { deposit: Deposit; onUploaded: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const runAction = useIdempotentAction();
  const [files, setFiles] = useState<PickedProof[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    setFormError(null);
    if (files.length === 0) {
      setError(t('proof_err_required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const payload = await toProofFiles(files);
      const value = await runAction({ id: deposit.id, payload }, (key) => api.uploadDepositProof(deposit.id, payload, key));
      showToast(t('proof_uploaded', { count: value.proofCount }));
      setFiles([]);
      onUploaded();
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="proof-upload" data-testid="proof-upload">
      <h3>{t('proof_title', { amount: formatAmount(deposit.amount) })}</h3>
      <ProofPicker value={files} onChange={setFiles} testId="deposit-proof" error={error} />
      <FormError message={formError} testId="proof-form-error" />
      <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void upload()} data-testid="deposit-proof-submit">
        {t('proof_submit')}
      </button>
    </div>
  );
}

export function DepositPanel() {
  const { t, i18n } = useTranslation();
  const { showToast } = useNotices();
  const { member } = useSession();
  const version = useBalanceVersion();
  const runAction = useIdempotentAction();
  const [methods, setMethods] = useState<DepositMethod[] | null>(null);
  const [methodsError, setMethodsError] = useState<string | null>(null);
  const [methodCode, setMethodCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<FieldError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [proofFor, setProofFor] = useState<Deposit | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  useEffect(() => {
    let live = true;
    api
      .depositMethods()
      .then((value) => {
        if (!live) return;
        setMethods(value);
        setMethodCode((current) => current ?? value[0]?.code ?? null);
      })
      .catch((failure: unknown) => live && setMethodsError(errorMessage(failure)));
    return () => {
      live = false;
    };
    // The brand names and explains its methods per language: read them again in a newly chosen one.
  }, [i18n.language]);

  const fetchDeposits = useCallback((pageNo: number) => api.deposits(pageNo, PAGE_SIZE), []);
  const deposits = usePaged(fetchDeposits, `${version}-${refreshKey}`);
  const method = methods?.find((item) => item.code === methodCode) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    setFormError(null);
    const problem = checkAmount(amount, { min: method.minAmount, max: method.maxAmount });
    setAmountError(problem);
    if (problem) return;
    const body = { methodCode: method.code, amount: normaliseAmount(amount) ?? amount.trim() };
    const popup = method.kind === 'sandbox_gateway' ? openPaymentWindow() : null;
    setBusy(true);
    try {
      const deposit = await runAction(body, (key) => api.createDeposit(body, key));
      setAmount('');
      setRefreshKey((n) => n + 1);
      if (method.kind === 'sandbox_gateway' && deposit.paymentUrl) {
        if (popup && !popup.closed) {
          popup.location.href = deposit.paymentUrl;
          showToast(t('deposit_payment_opened'));
          const watch = window.setInterval(() => {
            if (popup.closed) {
              window.clearInterval(watch);
              setRefreshKey((n) => n + 1);
            }
          }, 1000);
        } else {
          window.location.assign(deposit.paymentUrl);
        }
      } else {
        popup?.close();
        showToast(t('deposit_created'));
        if (method.kind === 'manual_bank') setProofFor(deposit);
      }
    } catch (failure) {
      popup?.close();
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const symbol = member?.currencySymbol ?? '$';
  const rows = deposits.data?.content ?? [];
  // The cards below the form appear once the form has its height: a phone's form is far taller than its placeholder,
  // and cards shown beneath the placeholder would jump down the screen when the methods arrive.
  const formSettled = Boolean(methods) || methodsError !== null;

  return (
    <div className="panel-stack" data-testid="panel-depositv2">
      <Card title={t('deposit_title')}>
        {methodsError && <FormError message={methodsError} testId="deposit-methods-error" />}
        {!methods && !methodsError && <div className="form-placeholder" aria-busy="true" />}
        {methods && methods.length === 0 && <p className="list-empty">{t('deposit_no_methods')}</p>}
        {methods && methods.length > 0 && (
          <form className="form" onSubmit={(event) => void submit(event)} noValidate>
            <div className="method-list" role="radiogroup" aria-label={t('deposit_method')}>
              {methods.map((item) => (
                <button
                  key={item.code}
                  type="button"
                  role="radio"
                  aria-checked={item.code === methodCode}
                  className={`method-option${item.code === methodCode ? ' active' : ''}`}
                  data-testid={`deposit-method-${item.code}`}
                  onClick={() => {
                    setMethodCode(item.code);
                    setAmountError(null);
                    setFormError(null);
                  }}
                >
                  <span className="method-name">{item.name}</span>
                  <span className="method-kind">{t(item.kind === 'sandbox_gateway' ? 'deposit_kind_sandbox' : 'deposit_kind_bank')}</span>
                  <span className="method-range">
                    {formatMoney(item.minAmount, symbol)} – {formatMoney(item.maxAmount, symbol)}
                  </span>
                </button>
              ))}
            </div>
            {method && method.kind === 'manual_bank' && <BankDetails method={method} />}
            {method && method.kind === 'sandbox_gateway' && <p className="form-note sandbox-note">{t('deposit_sandbox_note')}</p>}
            {method && (
              <div className="form-row">
                <Field
                  label={t('money_amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('money_amount_range', { min: formatAmount(method.minAmount), max: formatAmount(method.maxAmount) })}
                  value={amount}
                  onValueChange={setAmount}
                  error={amountError}
                  testId="deposit-amount"
                  required
                />
                <button type="submit" className="btn btn-primary" disabled={busy} data-testid="deposit-submit">
                  {t(method.kind === 'sandbox_gateway' ? 'deposit_submit_pay' : 'deposit_submit')}
                </button>
              </div>
            )}
            <FormError message={formError} testId="deposit-form-error" />
          </form>
        )}
        {proofFor && (
          <ProofUpload
            key={proofFor.id}
            deposit={proofFor}
            onUploaded={() => {
              setProofFor(null);
              setRefreshKey((n) => n + 1);
            }}
          />
        )}
      </Card>

      {formSettled && (
        <>
          <Card title={t('deposit_list_title')} testId="deposit-list">
            <ListState loading={deposits.loading} error={deposits.error} empty={rows.length === 0} emptyText={t('deposit_list_empty')} testId="deposit-list" />
            {rows.length > 0 && (
              <ScrollRegion label={t('deposit_list_title')}>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th>{t('col_time')}</th>
                      <th>{t('deposit_method')}</th>
                      <th className="num">{t('money_amount')}</th>
                      <th>{t('col_status')}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((deposit) => {
                      const itsMethod = methods ? methodOf(deposit, methods) : undefined;
                      const needsProof = deposit.status === 'pending' && itsMethod?.kind === 'manual_bank';
                      return (
                        <tr key={deposit.id} data-testid="deposit-row" data-status={deposit.status}>
                          <td>{formatDateTime(deposit.createdAt, i18n.language)}</td>
                          <td>{itsMethod?.name ?? deposit.method}</td>
                          <td className="num">{formatMoney(deposit.amount, symbol)}</td>
                          <td>
                            <StatusBadge status={deposit.status} testId="deposit-status" />
                            {deposit.reason && <span className="row-note">{t(`reason_${deposit.reason}`, { defaultValue: deposit.reason })}</span>}
                          </td>
                          <td className="actions">
                            {needsProof && (
                              <button type="button" className="link-button" data-testid="deposit-row-proof" onClick={() => setProofFor(deposit)}>
                                {deposit.proofCount ? t('proof_more', { count: deposit.proofCount }) : t('proof_upload')}
                              </button>
                            )}
                            {deposit.status === 'pending' && itsMethod?.kind === 'sandbox_gateway' && deposit.paymentUrl && (
                              <a className="link-button" href={deposit.paymentUrl} target="sandbox-pay" data-testid="deposit-row-pay">
                                {t('deposit_continue_payment')}
                              </a>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
            <Pager state={deposits} testId="deposit-pager" />
          </Card>

          <DepositLimitsCard />
        </>
      )}
    </div>
  );
}
