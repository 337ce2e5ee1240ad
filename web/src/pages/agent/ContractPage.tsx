import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ContractKind, ContractTier } from '@wps/contracts';
import { errorMessage } from '../../api';
import { useSession } from '../../state/session';
import { askConfirm, showToast } from '../../state/ui';
import { StatusBadge } from '../../components/member/common';
import { FormError } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { agentApi, agentKeys, CONTRACT_QUERY_IDS, type ContractView, type DownlineContracts } from './agentApi';
import { formatMinor, formatRate } from './agentFormat';
import { contractKindOf, isAgentPage } from './agentPages';
import { AgentCard, AgentPager, formatBrandTime, QueryState, useBrandZone, usePageNo } from './agentUi';
import { TierEditor } from './TierEditor';
import { readTiers, tierDraftsOf, type TierDraft } from './tiers';
import { SettlementRecords } from './SettlementRecords';
import { ScrollRegion } from '../../components/ScrollRegion';

const DOWNLINE_PAGE_SIZE = 20;

/** A contract's tiers, read only. */
export function TierTable({ kind, tiers, testId }: { kind: ContractKind; tiers: readonly ContractTier[]; testId?: string }) {
  const { t } = useTranslation();
  const { member } = useSession();
  return (
    <ScrollRegion>
      <table className="data-table agent-tier-table" data-testid={testId}>
        <thead>
          <tr>
            <th>{t('agent_tier')}</th>
            <th className="num">{t(`agent_tier_base_${kind}`)}</th>
            <th className="num">{t('agent_tier_active')}</th>
            {kind === 'realtime' && <th>{t('agent_tier_on')}</th>}
            <th className="num">{t('agent_tier_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            <tr key={index}>
              <td data-label={t('agent_tier')}>{index + 1}</td>
              <td className="num" data-label={t(`agent_tier_base_${kind}`)}>
                {formatMinor(tier.minBaseMinor, member?.currencySymbol)}
              </td>
              <td className="num" data-label={t('agent_tier_active')}>
                {tier.minActive}
              </td>
              {kind === 'realtime' && <td data-label={t('agent_tier_on')}>{tier.on ? t(`agent_on_${tier.on}`) : '—'}</td>}
              <td className="num" data-label={t('agent_tier_rate')} data-testid={testId ? `${testId}-rate-${index}` : undefined}>
                {formatRate(tier.rateBp)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The highest rate of a contract, for one-line summaries. */
function topRate(contract: ContractView | null): string {
  if (!contract || contract.tiers.length === 0) return '—';
  return formatRate(Math.max(...contract.tiers.map((tier) => tier.rateBp)));
}

function ContractSummary({ contract, title, testId }: { contract: ContractView; title: string; testId: string }) {
  const { t } = useTranslation();
  const zone = useBrandZone();
  return (
    <div className="agent-contract" data-testid={testId}>
      <div className="agent-contract-head">
        <strong>{title}</strong>
        <StatusBadge status={contract.state} testId={`${testId}-state`} />
      </div>
      <dl className="agent-facts">
        <div>
          <dt>{t('agent_period')}</dt>
          <dd>{t(`agent_period_${contract.period}`)}</dd>
        </div>
        <div>
          <dt>{t('agent_offered_by')}</dt>
          <dd>{contract.offeredByAccount ?? t('agent_platform')}</dd>
        </div>
        <div>
          <dt>{t('agent_effective_from')}</dt>
          <dd>{formatBrandTime(contract.effectiveFrom, zone)}</dd>
        </div>
        {contract.endedAt && (
          <div>
            <dt>{t('agent_ended_at')}</dt>
            <dd>{formatBrandTime(contract.endedAt, zone)}</dd>
          </div>
        )}
      </dl>
      <TierTable kind={contract.kind} tiers={contract.tiers} testId={`${testId}-tiers`} />
    </div>
  );
}

/** The form that offers a direct downline agent terms: the brand's thresholds, rates up to the agent's own. */
function OfferDialog({
  kind,
  downline,
  thresholds,
  myTiers,
  onClose,
  onDone,
}: {
  kind: ContractKind;
  downline: DownlineContracts;
  thresholds: readonly ContractTier[];
  myTiers: readonly ContractTier[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const start = downline.current && downline.current.tiers.length === thresholds.length ? downline.current.tiers : thresholds.map((tier) => ({ ...tier, rateBp: 0 }));
  const [drafts, setDrafts] = useState<TierDraft[]>(() => tierDraftsOf(start.map((tier, index) => ({ ...thresholds[index]!, rateBp: tier.rateBp }))));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const read = readTiers(kind, drafts);
    if ('invalid' in read) {
      setError(t('agent_tier_invalid', { tier: read.invalid + 1 }));
      return;
    }
    const over = myTiers ? read.tiers.findIndex((tier, index) => tier.rateBp > (myTiers[index]?.rateBp ?? 0)) : -1;
    if (over >= 0) {
      setError(t('agent_rate_over_mine', { tier: over + 1, rate: formatRate(myTiers?.[over]?.rateBp ?? 0) }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await agentApi.offerContract(downline.memberId, kind, read.tiers);
      showToast(t('agent_offer_sent', { account: downline.account }));
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Modal title={t('agent_offer_title', { account: downline.account, kind: t(`agent_kind_${kind}`) })} onClose={onClose} testId="agent-offer" dismissible={!busy}>
      <p className="form-note">{t('agent_offer_note')}</p>
      <TierEditor kind={kind} drafts={drafts} onChange={setDrafts} testId="offer-tiers" fixedThresholds />
      {myTiers && (
        <p className="form-note" data-testid="offer-my-rates">
          {t('agent_offer_my_rates', { rates: myTiers.map((tier) => formatRate(tier.rateBp)).join(' / ') })}
        </p>
      )}
      <FormError message={error} testId="agent-offer-error" />
      <button type="button" className="btn btn-primary btn-block" disabled={busy} data-testid="agent-offer-submit" onClick={() => void submit()}>
        {t('agent_offer_submit')}
      </button>
    </Modal>
  );
}

/**
 * One contract kind's page (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary): my
 * contract and its tiers, offers waiting for my answer, the contracts of my direct downline agents with offer,
 * terminate and withdraw, and the settlement records.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requested = params.get('page');
  const kind = (isAgentPage(requested) ? contractKindOf(requested) : null) ?? 'dividend';
  const { token } = useSession();
  const client = useQueryClient();
  const zone = useBrandZone();
  const [page, setPage] = usePageNo();
  const [offerTo, setOfferTo] = useState<DownlineContracts | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const contracts = useQuery({
    queryKey: agentKeys.contracts(token ?? '', kind, page, DOWNLINE_PAGE_SIZE),
    queryFn: ({ signal }) => agentApi.contracts(kind, page, DOWNLINE_PAGE_SIZE, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const data = contracts.data;
  const kindName = t(`agent_kind_${kind}`);

  const refresh = () => {
    for (const id of CONTRACT_QUERY_IDS) void client.invalidateQueries({ queryKey: [id] });
  };

  const act = async (key: string, confirmText: string, action: () => Promise<unknown>, done: string) => {
    const ok = await askConfirm({ title: t('in_popup_prompt'), text: confirmText, cancelLabel: t('in_more_cancel'), okLabel: t('in_increase_submit') });
    if (!ok) return;
    setBusy(key);
    try {
      await action();
      showToast(done);
    } catch (failure) {
      showToast(errorMessage(failure));
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const answer = (offer: ContractView, accept: boolean) =>
    act(
      `answer-${offer.contractId}`,
      t(accept ? (offer.action === 'terminate' ? 'agent_confirm_accept_termination' : 'agent_confirm_accept') : 'agent_confirm_reject', { kind: kindName }),
      () => agentApi.answerOffer(kind, offer.contractId, accept),
      t(accept ? 'agent_offer_accepted' : 'agent_offer_rejected'),
    );

  const thresholds = data?.terms?.tiers ?? [];
  // The limit is the agent's own contract (the one for the next period when there is one); without a contract, the
  // brand's highest rates, and the server has the last word.
  const mine = data?.next ?? data?.current ?? null;
  const offerLimit = mine ? mine.tiers : (data?.terms?.tiers ?? null);

  return (
    <div className="panel-stack" data-testid={`agent-contract-${kind}`}>
      <QueryState loading={contracts.isFetching} error={contracts.error} empty={!data} emptyText="" onRetry={() => void contracts.refetch()} testId="contracts" />
      {data && (
        <>
          <AgentCard title={t('agent_my_contract')} testId="my-contract">
            {data.terms && !data.terms.enabled && <p className="form-note">{t('agent_kind_disabled', { kind: kindName })}</p>}
            {data.current ? (
              <ContractSummary contract={data.current} title={t('agent_contract_current')} testId="contract-current" />
            ) : (
              <p className="list-empty" data-testid="contract-none">
                {t('agent_contract_none', { kind: kindName })}
              </p>
            )}
            {data.next && <ContractSummary contract={data.next} title={t('agent_contract_next')} testId="contract-next" />}
          </AgentCard>

          <AgentCard title={t('agent_offers_to_me')} testId="offers-to-me">
            {data.pending.length === 0 ? (
              <p className="list-empty" data-testid="offers-to-me-empty">
                {t('agent_offers_to_me_empty')}
              </p>
            ) : (
              data.pending.map((offer) => (
                <div key={offer.contractId} className="agent-offer" data-testid={`offer-${offer.contractId}`}>
                  <div className="agent-contract-head">
                    <strong>{t(offer.action === 'terminate' ? 'agent_offer_termination_from' : 'agent_offer_from', { account: offer.offeredByAccount ?? t('agent_platform') })}</strong>
                    <span className="row-note">{t('agent_expires_at', { at: formatBrandTime(offer.expiresAt, zone) })}</span>
                  </div>
                  {offer.action === 'offer' && <TierTable kind={kind} tiers={offer.tiers} testId={`offer-${offer.contractId}-tiers`} />}
                  <div className="agent-actions">
                    <button type="button" className="btn btn-primary btn-sm" disabled={busy !== null} data-testid="offer-accept" onClick={() => void answer(offer, true)}>
                      {t('agent_accept')}
                    </button>
                    <button type="button" className="btn btn-outline btn-sm" disabled={busy !== null} data-testid="offer-reject" onClick={() => void answer(offer, false)}>
                      {t('agent_reject')}
                    </button>
                  </div>
                </div>
              ))
            )}
          </AgentCard>

          <AgentCard title={t('agent_downline_contracts')} testId="downline-contracts">
            {data.downlines.items.length === 0 ? (
              <p className="list-empty" data-testid="downline-contracts-empty">
                {t('agent_downline_contracts_empty')}
              </p>
            ) : (
              <ScrollRegion label={t('agent_downline_contracts')}>
                <table className="data-table agent-table">
                  <thead>
                    <tr>
                      <th>{t('agent_account')}</th>
                      <th>{t('agent_contract_state')}</th>
                      <th className="num">{t('agent_top_rate')}</th>
                      <th>{t('agent_pending_offer')}</th>
                      <th className="actions">{t('agent_actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.downlines.items.map((downline) => (
                      <tr key={downline.memberId} data-testid={`downline-contract-${downline.account}`}>
                        <td data-label={t('agent_account')}>{downline.account}</td>
                        <td data-label={t('agent_contract_state')}>{downline.current ? <StatusBadge status={downline.current.state} /> : <span className="muted">{t('agent_no_contract')}</span>}</td>
                        <td className="num" data-label={t('agent_top_rate')} data-testid={`downline-rate-${downline.account}`}>
                          {topRate(downline.current)}
                          {downline.next && <span className="row-note">{t('agent_next_rate', { rate: topRate(downline.next) })}</span>}
                        </td>
                        <td data-label={t('agent_pending_offer')}>
                          {downline.pending ? (
                            <span data-testid={`downline-pending-${downline.account}`}>
                              {t(downline.pending.action === 'terminate' ? 'agent_pending_termination' : 'agent_pending_terms', { rate: topRate(downline.pending) })}
                            </span>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className="actions">
                          {downline.pending ? (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              disabled={busy !== null}
                              data-testid={`withdraw-${downline.account}`}
                              onClick={() =>
                                void act(
                                  `withdraw-${downline.memberId}`,
                                  t('agent_confirm_withdraw', { account: downline.account }),
                                  () => agentApi.withdrawOffer(downline.pending!.contractId),
                                  t('agent_offer_withdrawn'),
                                )
                              }
                            >
                              {t('agent_withdraw')}
                            </button>
                          ) : (
                            <>
                              <button
                                type="button"
                                className="btn btn-outline btn-sm"
                                disabled={busy !== null || thresholds.length === 0}
                                data-testid={`offer-to-${downline.account}`}
                                onClick={() => setOfferTo(downline)}
                              >
                                {t('agent_offer')}
                              </button>
                              {downline.current && (
                                <button
                                  type="button"
                                  className="btn btn-ghost btn-sm"
                                  disabled={busy !== null}
                                  data-testid={`terminate-${downline.account}`}
                                  onClick={() =>
                                    void act(
                                      `terminate-${downline.memberId}`,
                                      t('agent_confirm_terminate', { account: downline.account, kind: kindName }),
                                      () => agentApi.offerTermination(downline.memberId, kind),
                                      t('agent_termination_sent'),
                                    )
                                  }
                                >
                                  {t('agent_terminate')}
                                </button>
                              )}
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
            <AgentPager
              pageNo={data.downlines.page}
              totalPages={Math.ceil(data.downlines.total / data.downlines.pageSize)}
              total={data.downlines.total}
              busy={contracts.isFetching}
              onPage={setPage}
              testId="downline-contracts-pager"
            />
          </AgentCard>
        </>
      )}
      <SettlementRecords kind={kind} />
      {offerTo && data && (
        <OfferDialog
          kind={kind}
          downline={offerTo}
          thresholds={thresholds}
          myTiers={offerLimit}
          onClose={() => setOfferTo(null)}
          onDone={() => {
            setOfferTo(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
