import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { useIdempotentAction } from '../../idempotency';
import { useNotices } from '../../state/ui';
import { useWallet } from '../../state/wallet';
import { Modal } from '../../components/Modal';
import { Field, FormError } from '../../components/Field';
import { pointsApi, type DeliveryAddress, type PointRewardItem } from './pointsApi';

const MAX_QUANTITY = 100;

/** Redeems one reward: the quantity, a delivery address for goods, and the payment password. */
export function RedeemDialog({ reward, points, onClose, onRedeemed }: { reward: PointRewardItem; points: string; onClose: () => void; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const { refreshBalance } = useWallet();
  const runAction = useIdempotentAction();
  const [quantity, setQuantity] = useState('1');
  const [delivery, setDelivery] = useState<DeliveryAddress>({ name: '', phone: '', address: '' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const goods = reward.kind === 'goods';
  const count = /^[1-9][0-9]{0,2}$/.test(quantity.trim()) ? Number(quantity) : null;
  const total = count === null ? null : BigInt(reward.points) * BigInt(count);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (count === null || count > MAX_QUANTITY) return setError(t('points_quantity_invalid'));
    if (total !== null && total > BigInt(points)) return setError(t('points_not_enough'));
    if (goods && (!delivery.name.trim() || !delivery.phone.trim() || delivery.address.trim().length < 5)) return setError(t('points_delivery_required'));
    if (!password) return setError(t('points_password_required'));
    setBusy(true);
    try {
      const body = { rewardId: reward.rewardId, quantity: count, ...(goods ? { delivery } : {}), paymentPassword: password };
      const done = await runAction(body, (key) => pointsApi.redeem(body, key));
      showToast(done.status === 'approved' ? t('points_redeemed_approved', { reference: done.referenceNo }) : t('points_redeemed_pending', { reference: done.referenceNo }));
      void refreshBalance();
      onRedeemed();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('points_redeem_title')} onClose={onClose} testId="redeem-dialog">
      <form className="redeem-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="redeem-reward">
          {reward.image && <img src={reward.image} alt="" />}
          <div>
            <strong data-testid="redeem-name">{reward.name}</strong>
            <p className="point-hint">
              {t('points_each', { points: reward.points })}
              {reward.amount ? ` · ${reward.amount} ${reward.currency}` : ''}
            </p>
            {reward.needsApproval && <p className="point-hint">{t('points_needs_approval')}</p>}
          </div>
        </div>
        <Field label={t('points_quantity')} inputMode="numeric" value={quantity} onValueChange={setQuantity} testId="redeem-quantity" required />
        {goods && (
          <fieldset className="redeem-delivery">
            <legend>{t('points_delivery')}</legend>
            <Field label={t('points_delivery_name')} value={delivery.name} onValueChange={(name) => setDelivery({ ...delivery, name })} testId="redeem-delivery-name" autoComplete="name" required />
            <Field
              label={t('points_delivery_phone')}
              inputMode="tel"
              value={delivery.phone}
              onValueChange={(phone) => setDelivery({ ...delivery, phone })}
              testId="redeem-delivery-phone"
              autoComplete="tel"
              required
            />
            <Field
              label={t('points_delivery_address')}
              value={delivery.address}
              onValueChange={(address) => setDelivery({ ...delivery, address })}
              testId="redeem-delivery-address"
              autoComplete="street-address"
              required
            />
          </fieldset>
        )}
        <Field label={t('points_payment_password')} type="password" autoComplete="off" value={password} onValueChange={setPassword} testId="redeem-password" required />
        {total !== null && (
          <p className="redeem-total" data-testid="redeem-total">
            {t('points_total', { points: total.toString(), left: (BigInt(points) - total).toString() })}
          </p>
        )}
        <FormError message={error} testId="redeem-error" />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('in_more_cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="redeem-submit">
            {t('points_redeem')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
