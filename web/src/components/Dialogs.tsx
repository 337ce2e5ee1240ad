import { useTranslation } from 'react-i18next';
import { closeNotice, useConfirmRequest, useNotice, useToasts } from '../state/ui';
import { Modal } from './Modal';

export function ConfirmDialog() {
  const confirm = useConfirmRequest();
  if (!confirm) return null;
  return (
    <Modal title={confirm.title} onClose={() => confirm.resolve(false)} testId="confirm-dialog" size="sm" dismissible={false}>
      <p className="dialog-text">{confirm.text}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" data-testid="confirm-cancel" onClick={() => confirm.resolve(false)}>
          {confirm.cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" data-testid="confirm-ok" onClick={() => confirm.resolve(true)}>
          {confirm.okLabel}
        </button>
      </div>
    </Modal>
  );
}

export function NoticeDialog() {
  const { t } = useTranslation();
  const notice = useNotice();
  if (!notice) return null;
  return (
    <Modal title={notice.title} onClose={closeNotice} testId="notice-dialog" size="sm">
      <p className="dialog-text">{notice.text}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" data-testid="notice-ok" onClick={closeNotice}>
          {t('common_ok')}
        </button>
      </div>
    </Modal>
  );
}

export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast" data-testid="toast">
          {toast.text}
        </div>
      ))}
    </div>
  );
}
