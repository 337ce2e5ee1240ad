import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractKindSchema, type ContractKind, type InvitationContract } from '@wps/contracts';
import { useCases } from '../../useCases';
import { errorMessage } from '../../api';
import { useSession } from '../../state/session';
import { askConfirm, showToast } from '../../state/ui';
import { checkNewPassword, required, type FieldError } from '../../validation';
import { PasswordStrength } from '../../components/password/PasswordStrength';
import { Field, FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { agentApi, agentKeys, type InvitationLink } from './agentApi';
import { formatRate } from './agentFormat';
import { AgentCard, AgentPager, formatBrandTime, QueryState, useBrandZone, usePageNo } from './agentUi';
import { TierEditor } from './TierEditor';
import { emptyTier, readTiers, type TierDraft } from './tiers';
import { QR_DOWNLOAD_PX, QR_SCREEN_PX, qrDataUrl } from './invitationQr';
import { ScrollRegion } from '../../components/ScrollRegion';

type InvitationType = 'member' | 'agent';
type ContractDrafts = Partial<Record<ContractKind, TierDraft[]>>;
const KINDS = contractKindSchema.options;
const PAGE_SIZE = 10;

/** The starting contracts a new agent gets: one tier table per kind the agent switched on. */
function StartingContracts({ value, onChange, testId }: { value: ContractDrafts; onChange: (value: ContractDrafts) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="agent-starting" data-testid={testId}>
      <legend>{t('agent_starting_contracts')}</legend>
      <p className="form-note">{t('agent_starting_contracts_note')}</p>
      {KINDS.map((kind) => {
        const drafts = value[kind];
        return (
          <div key={kind} className="agent-starting-kind">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={drafts !== undefined}
                data-testid={`${testId}-${kind}`}
                onChange={(event) => onChange({ ...value, [kind]: event.target.checked ? [emptyTier(kind)] : undefined })}
              />
              <span>{t(`agent_kind_${kind}`)}</span>
            </label>
            {drafts && <TierEditor kind={kind} drafts={drafts} onChange={(next) => onChange({ ...value, [kind]: next })} testId={`${testId}-${kind}-tiers`} />}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The contracts the drafts describe, or the message for the first invalid tier. */
function readContracts(drafts: ContractDrafts, t: (key: string, options?: Record<string, unknown>) => string): { contracts: InvitationContract[] } | { error: string } {
  const contracts: InvitationContract[] = [];
  for (const kind of KINDS) {
    const kindDrafts = drafts[kind];
    if (!kindDrafts) continue;
    const read = readTiers(kind, kindDrafts);
    if ('invalid' in read) return { error: t('agent_tier_invalid_kind', { kind: t(`agent_kind_${kind}`), tier: read.invalid + 1 }) };
    contracts.push({ kind, tiers: read.tiers });
  }
  return { contracts };
}

function TypeChoice({ value, onChange, testId }: { value: InvitationType; onChange: (value: InvitationType) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="tabs agent-type-choice" role="radiogroup" aria-label={t('agent_invitation_type')}>
      {(['member', 'agent'] as const).map((type) => (
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={value === type}
          className={`tab${value === type ? ' active' : ''}`}
          data-testid={`${testId}-${type}`}
          onClick={() => onChange(type)}
        >
          {t(`agent_type_${type}`)}
        </button>
      ))}
    </div>
  );
}

/** A new account directly under the agent. */
function CreateDownlineCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [type, setType] = useState<InvitationType>('member');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [contracts, setContracts] = useState<ContractDrafts>({});
  const [errors, setErrors] = useState<Record<string, FieldError | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const next = {
      username: required(username),
      password: checkNewPassword(password, username.trim()),
      confirmPassword: !confirmPassword.trim() ? { key: 'err_input_empty' } : confirmPassword !== password ? { key: 'err_confirm_password' } : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const read = type === 'agent' ? readContracts(contracts, t) : { contracts: [] };
    if ('error' in read) {
      setFormError(read.error);
      return;
    }
    setBusy(true);
    try {
      const created = await agentApi.createDownline({
        username: username.trim(),
        password,
        confirmPassword,
        type,
        ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
        ...(read.contracts.length ? { contracts: read.contracts } : {}),
      });
      showToast(t('agent_downline_created', { account: created.account }));
      setUsername('');
      setPassword('');
      setConfirmPassword('');
      setNickname('');
      setContracts({});
      void client.invalidateQueries({ queryKey: [useCases.agentDownline.id] });
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const newPassword = (label: string, value: string, onChange: (value: string) => void, error: FieldError | null | undefined, testId: string) => (
    <Field label={t(label)} type="password" value={value} onValueChange={onChange} error={error} testId={testId} autoComplete="new-password" required maxLength={200} />
  );

  return (
    <AgentCard title={t('agent_create_downline')} testId="create-downline">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TypeChoice value={type} onChange={setType} testId="create-type" />
        <div className="form-grid-2">
          <Field
            label={t('login_username')}
            value={username}
            onValueChange={setUsername}
            error={errors.username}
            testId="create-username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={200}
          />
          <Field label={t('agent_nickname')} value={nickname} onValueChange={setNickname} testId="create-nickname" autoComplete="off" maxLength={30} />
          {newPassword('login_password', password, setPassword, errors.password, 'create-password')}
          <PasswordStrength password={password} username={username.trim()} testId="create-password-strength" />
          {newPassword('agent_confirm_password', confirmPassword, setConfirmPassword, errors.confirmPassword, 'create-confirm')}
        </div>
        {type === 'agent' && <StartingContracts value={contracts} onChange={setContracts} testId="create-contracts" />}
        <FormError message={formError} testId="create-error" />
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-submit">
          {t('agent_create_submit')}
        </button>
      </form>
    </AgentCard>
  );
}

/** A link's QR code on screen (200 px), with its 800 px image for download. */
function LinkQr({ link, onClose }: { link: InvitationLink; onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useMemo(() => qrDataUrl(link.url, QR_SCREEN_PX), [link.url]);
  const download = useMemo(() => qrDataUrl(link.url, QR_DOWNLOAD_PX), [link.url]);
  return (
    <Modal title={t('agent_link_qr', { code: link.code })} onClose={onClose} testId="invitation-qr" size="sm">
      <div className="agent-qr">
        <img src={screen} width={QR_SCREEN_PX} height={QR_SCREEN_PX} alt={t('agent_link_qr_alt', { url: link.url })} data-testid="invitation-qr-image" />
        <code className="agent-link-url">{link.url}</code>
        <a className="btn btn-primary btn-sm" href={download} download={`invitation-${link.code}.png`} data-testid="invitation-qr-download">
          {t('agent_link_qr_download')}
        </a>
      </div>
    </Modal>
  );
}

function contractsSummary(link: InvitationLink, t: (key: string) => string): string {
  if (link.contracts.length === 0) return '—';
  return link.contracts.map((contract) => `${t(`agent_kind_${contract.kind}`)} ${contract.tiers.map((tier) => formatRate(tier.rateBp)).join('/')}`).join(' · ');
}

/** Invitation links: make one (for players or agents, with starting contracts), copy it, show its QR code, switch it off. */
function InvitationLinksCard() {
  const { t } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const zone = useBrandZone();
  const [pageNo, setPageNo] = usePageNo();
  const [type, setType] = useState<InvitationType>('member');
  const [note, setNote] = useState('');
  const [contracts, setContracts] = useState<ContractDrafts>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [qrFor, setQrFor] = useState<InvitationLink | null>(null);
  const links = useQuery({
    queryKey: agentKeys.invitationLinks(token ?? '', pageNo),
    queryFn: ({ signal }) => agentApi.invitationLinks(pageNo, PAGE_SIZE, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const data = links.data;
  const refresh = () => void client.invalidateQueries({ queryKey: agentKeys.invitationLinks(token ?? '', pageNo).slice(0, 2) });

  useEffect(() => {
    if (type === 'member') setContracts({});
  }, [type]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const read = type === 'agent' ? readContracts(contracts, t) : { contracts: [] };
    if ('error' in read) {
      setFormError(read.error);
      return;
    }
    setBusy(true);
    try {
      const link = await agentApi.createInvitationLink({ type, ...(note.trim() ? { note: note.trim() } : {}), ...(read.contracts.length ? { contracts: read.contracts } : {}) });
      showToast(t('agent_link_created', { code: link.code }));
      setNote('');
      setContracts({});
      if (pageNo !== 1) setPageNo(1);
      refresh();
    } catch (failure) {
      setFormError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (link: InvitationLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      showToast(t('agent_copied'));
    } catch {
      showToast(link.url);
    }
  };

  const toggle = async (link: InvitationLink) => {
    try {
      await agentApi.setInvitationLinkEnabled(link.id, !link.enabled);
      showToast(t(link.enabled ? 'agent_link_disabled' : 'agent_link_enabled', { code: link.code }));
    } catch (failure) {
      showToast(errorMessage(failure));
    }
    refresh();
  };

  const remove = async (link: InvitationLink) => {
    const ok = await askConfirm({ title: t('in_popup_prompt'), text: t('agent_link_confirm_delete', { code: link.code }), cancelLabel: t('in_more_cancel'), okLabel: t('in_increase_submit') });
    if (!ok) return;
    try {
      await agentApi.deleteInvitationLink(link.id);
      showToast(t('agent_link_deleted', { code: link.code }));
    } catch (failure) {
      showToast(errorMessage(failure));
    }
    refresh();
  };

  return (
    <AgentCard title={t('agent_invitation_links')} testId="invitation-links">
      <form className="form" onSubmit={(event) => void create(event)} noValidate>
        <TypeChoice value={type} onChange={setType} testId="link-type" />
        <Field label={t('agent_link_note')} value={note} onValueChange={setNote} testId="link-note" autoComplete="off" maxLength={100} />
        {type === 'agent' && <StartingContracts value={contracts} onChange={setContracts} testId="link-contracts" />}
        <FormError message={formError} testId="link-error" />
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="link-submit">
          {t('agent_link_create')}
        </button>
      </form>
      <QueryState loading={links.isFetching} error={links.error} empty={!data || data.list.length === 0} emptyText={t('agent_links_empty')} onRetry={() => void links.refetch()} testId="links" />
      {data && data.list.length > 0 && (
        <ScrollRegion label={t('agent_invitation_links')}>
          <table className="data-table agent-table" data-testid="links-table">
            <thead>
              <tr>
                <th>{t('agent_link_code')}</th>
                <th>{t('agent_invitation_type')}</th>
                <th>{t('agent_starting_contracts')}</th>
                <th className="num">{t('agent_link_registrations')}</th>
                <th>{t('agent_created_at')}</th>
                <th className="actions">{t('agent_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((link) => (
                <tr key={link.id} className={link.enabled ? undefined : 'agent-row-off'} data-testid={`link-row-${link.code}`}>
                  <td data-label={t('agent_link_code')}>
                    <strong className="mono" data-testid="link-code">
                      {link.code}
                    </strong>
                    {link.note && <span className="row-note">{link.note}</span>}
                    {!link.enabled && <span className="row-note">{t('agent_link_off')}</span>}
                  </td>
                  <td data-label={t('agent_invitation_type')}>{t(`agent_type_${link.type}`)}</td>
                  <td data-label={t('agent_starting_contracts')}>{contractsSummary(link, t)}</td>
                  <td className="num" data-label={t('agent_link_registrations')}>
                    {link.registrations}
                  </td>
                  <td data-label={t('agent_created_at')}>{formatBrandTime(link.createdAt, zone)}</td>
                  <td className="actions agent-link-actions">
                    <button type="button" className="btn btn-ghost btn-sm" data-testid={`link-copy-${link.code}`} onClick={() => void copy(link)}>
                      {t('agent_link_copy')}
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" data-testid={`link-qr-${link.code}`} onClick={() => setQrFor(link)}>
                      {t('agent_link_qr_button')}
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" data-testid={`link-toggle-${link.code}`} onClick={() => void toggle(link)}>
                      {t(link.enabled ? 'agent_link_disable' : 'agent_link_enable')}
                    </button>
                    {link.registrations === 0 && (
                      <button type="button" className="btn btn-ghost btn-sm" data-testid={`link-delete-${link.code}`} onClick={() => void remove(link)}>
                        {t('agent_link_delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {data && <AgentPager pageNo={data.pageNo} totalPages={data.totalPages} total={data.total} busy={links.isFetching} onPage={setPageNo} testId="links-pager" />}
      {qrFor && <LinkQr link={qrFor} onClose={() => setQrFor(null)} />}
    </AgentCard>
  );
}

/** registerCenter: create a downline directly, and the invitation links that bring players or agents in. */
export function RegisterCenterPage() {
  return (
    <div className="panel-stack" data-testid="agent-register-center">
      <CreateDownlineCard />
      <InvitationLinksCard />
    </div>
  );
}
