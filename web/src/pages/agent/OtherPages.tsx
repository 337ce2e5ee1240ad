/** The agent centre pages that show what the player site already has: money, notices, help. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCases } from '../../useCases';
import { call } from '../../api';
import { usePreferences } from '../../state/preferences';
import { useCustomerService } from '../../state/system';
import { DepositPanel } from '../../components/member/DepositPanel';
import { WithdrawPanel } from '../../components/member/WithdrawPanel';
import { MessagesPanel } from '../../components/member/messages/MessagesPanel';
import { AgentCard, formatBrandTime, QueryState, useBrandZone } from './agentUi';
import { useAgentNotifications } from './agentLive';

export const DepositPage = DepositPanel;
export const WithdrawPage = WithdrawPanel;

/** agentAnnouncement: the brand's announcements, as the home page's strip shows them, in full. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const zone = useBrandZone();
  const notices = useQuery({ queryKey: [useCases.announcements.id, language], queryFn: ({ signal }) => call(useCases.announcements, {}, { signal }) });
  const list = notices.data?.list ?? [];
  return (
    <AgentCard testId="agent-announcements">
      <QueryState
        loading={notices.isFetching}
        error={notices.error}
        empty={list.length === 0}
        emptyText={t('agent_announcements_empty')}
        onRetry={() => void notices.refetch()}
        testId="announcements"
      />
      <ul className="agent-notices">
        {list.map((entry) => (
          <li key={entry.id} className="agent-notice" data-testid="agent-announcement">
            <div className="agent-notice-head">
              <strong>{entry.title}</strong>
              <time dateTime={entry.at}>{formatBrandTime(entry.at, zone)}</time>
            </div>
            <p>{entry.content}</p>
          </li>
        ))}
      </ul>
    </AgentCard>
  );
}

/** messages: the agent's inbox, under the contract and payout notices that arrived during this visit. */
export function MessagesPage() {
  const { t } = useTranslation();
  const zone = useBrandZone();
  const list = useAgentNotifications();
  return (
    <div className="panel-stack" data-testid="agent-messages">
      {list.length > 0 && (
        <AgentCard title={t('inbox_this_visit')} testId="agent-messages-live">
          <ul className="agent-notices">
            {list.map((entry) => (
              <li key={entry.id} className="agent-notice" data-testid="agent-message">
                <div className="agent-notice-head">
                  <strong>{t(`agent_kind_${entry.kind}`)}</strong>
                  <time dateTime={entry.at}>{formatBrandTime(entry.at, zone)}</time>
                </div>
                <p>{entry.text}</p>
              </li>
            ))}
          </ul>
        </AgentCard>
      )}
      <MessagesPanel />
    </div>
  );
}

/** customerService: the brand's customer service, opened in its own window. */
export function CustomerServicePage() {
  const { t } = useTranslation();
  const open = useCustomerService();
  return (
    <AgentCard testId="agent-customer-service">
      <p>{t('agent_customer_service_text')}</p>
      <button type="button" className="btn btn-primary" data-testid="agent-customer-service-open" onClick={open}>
        {t('customer_service')}
      </button>
    </AgentCard>
  );
}
