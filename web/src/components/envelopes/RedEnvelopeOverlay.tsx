import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MemberEnvelope } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call, errorMessage } from '../../api';
import { live } from '../../live/connection';
import { useSession } from '../../state/session';
import { CloseIcon } from '../Icons';
import { formatMinor } from '../member/rewards/format';
import { deviceId } from './deviceId';
import './envelopes.css';

const envelopeKey = (token: string | null) => [useCases.currentEnvelope.id, token] as const;
/** Timers further out than this are not set (the browser's limit); the window's push comes first anyway. */
const LONGEST_TIMER_MS = 2_000_000_000;

/** The window the member sees, read once per session and again on every `envelope` push, reconnect, start or end. */
function useCurrentEnvelope(enabled: boolean, token: string | null) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: envelopeKey(token), queryFn: ({ signal }) => call(useCases.currentEnvelope, {}, { signal }), enabled });
  useEffect(() => {
    if (!enabled) return undefined;
    const refresh = () => void client.invalidateQueries({ queryKey: envelopeKey(token) });
    const offPush = live.subscribe('envelope', refresh);
    const offConnect = live.onConnect(refresh);
    return () => {
      offPush();
      offConnect();
    };
  }, [client, enabled, token]);
  // The window's own start or end (its push may be missed while the tab sleeps).
  const envelope = query.data?.envelope ?? null;
  const next = envelope ? (envelope.state === 'upcoming' ? envelope.startsAt : envelope.state === 'open' ? envelope.endsAt : null) : null;
  useEffect(() => {
    if (!next) return undefined;
    const wait = new Date(next).getTime() - Date.now() + 500;
    if (wait > LONGEST_TIMER_MS) return undefined;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: envelopeKey(token) }), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [client, next, token]);
  return envelope;
}

const EnvelopeArt = ({ opened }: { opened: boolean }) => (
  <div className={`red-envelope-art${opened ? ' is-opened' : ''}`} aria-hidden="true">
    <div className="red-envelope-back" />
    <div className="red-envelope-card" />
    <div className="red-envelope-front" />
    <div className="red-envelope-flap" />
  </div>
);

/** The red envelope: shown to signed-in members while a window of their brand is open, pushed live when one opens. */
export function RedEnvelopeOverlay() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { member, token } = useSession();
  const enabled = token !== null && member !== null && !member.isTrial;
  const envelope = useCurrentEnvelope(enabled, token);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [won, setWon] = useState<{ windowId: string; amountMinor: string; currency: string; paid: boolean } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) dialog.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!enabled) return null;
  const showButton = envelope?.state === 'open';
  if (!showButton && !open) return null;

  const close = () => {
    setOpen(false);
    setError(null);
    setWon(null);
  };

  const claim = async (current: MemberEnvelope) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(useCases.claimEnvelope, { windowId: current.windowId, deviceId: deviceId() });
      setWon({ windowId: current.windowId, amountMinor: answer.amountMinor, currency: answer.envelope.currency, paid: answer.paid });
      client.setQueryData(envelopeKey(token), (previous: { envelope: MemberEnvelope | null; serverTime: string } | undefined) => previous && { ...previous, envelope: answer.envelope });
    } catch (failure) {
      setError(errorMessage(failure));
      void client.invalidateQueries({ queryKey: envelopeKey(token) });
    } finally {
      setBusy(false);
    }
  };

  const shown = won ?? (envelope?.state === 'claimed' && envelope.amountMinor ? { windowId: envelope.windowId, amountMinor: envelope.amountMinor, currency: envelope.currency, paid: true } : null);

  return (
    <>
      {showButton && (
        <button type="button" className="red-envelope-fab" data-testid="red-envelope-button" aria-label={t('envelope_open_label')} onClick={() => setOpen(true)}>
          <span className="red-envelope-fab-art" aria-hidden="true">
            <span className="red-envelope-fab-seal" />
          </span>
          <span className="red-envelope-fab-label">{t('envelope_fab')}</span>
        </button>
      )}
      {open && (
        <div
          className="modal-backdrop red-envelope-backdrop"
          role="presentation"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div ref={dialog} className="red-envelope-modal" role="dialog" aria-modal="true" aria-labelledby="red-envelope-title" tabIndex={-1} data-testid="red-envelope-modal">
            <button type="button" className="red-envelope-close" aria-label={t('envelope_close')} data-testid="red-envelope-close" onClick={close}>
              <CloseIcon />
            </button>
            <h2 id="red-envelope-title" className="red-envelope-title">
              {envelope?.title ?? t('envelope_title')}
            </h2>
            <EnvelopeArt opened={shown !== null} />
            {shown ? (
              <div className="red-envelope-result" data-testid="red-envelope-result">
                <p className="red-envelope-congrats">{t('envelope_congrats')}</p>
                <p className="red-envelope-amount" data-testid="red-envelope-amount">
                  {formatMinor(shown.amountMinor, shown.currency)}
                </p>
                <p className="red-envelope-note">{shown.paid ? t('envelope_paid_note') : t('envelope_paying_note')}</p>
                <button type="button" className="btn btn-primary red-envelope-action" data-testid="red-envelope-done" onClick={close}>
                  {t('envelope_done')}
                </button>
              </div>
            ) : envelope && envelope.state === 'open' ? (
              <div className="red-envelope-result">
                <p className="red-envelope-note" data-testid="red-envelope-remaining">
                  {envelope.remaining > 0 ? t('envelope_remaining', { count: envelope.remaining }) : t('envelope_none_left')}
                </p>
                {!envelope.eligible && (
                  <p className="red-envelope-note is-warning" data-testid="red-envelope-ineligible">
                    {envelope.ineligibleReason === 'vip_level' ? t('envelope_not_eligible_vip', { level: envelope.minVipLevel }) : t('envelope_not_eligible')}
                  </p>
                )}
                <button
                  type="button"
                  className="red-envelope-seal-button"
                  data-testid="red-envelope-claim"
                  disabled={busy || envelope.remaining === 0 || !envelope.eligible}
                  onClick={() => void claim(envelope)}
                >
                  {busy ? '…' : t('envelope_open')}
                </button>
              </div>
            ) : (
              <p className="red-envelope-note">{t('envelope_closed')}</p>
            )}
            {error && (
              <p className="form-error red-envelope-error" role="alert" data-testid="red-envelope-error">
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}
