import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../state/session';
import { useModal, useNotices } from '../state/ui';

/**
 * A page for signed-in real members only (the member centre, the points mall): a guest is sent home with the login
 * dialog open, a trial account home with the spec's "real account needed" notice. Answers the member, or null while
 * the page must not show.
 */
export function useRealMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { member, authReady } = useSession();
  const { openModal } = useModal();
  const { showNotice } = useNotices();
  const isTrial = member?.isTrial ?? false;

  useEffect(() => {
    if (!authReady) return;
    if (!member) {
      void navigate('/', { replace: true });
      openModal('login');
    } else if (isTrial) {
      void navigate('/', { replace: true });
      showNotice({ title: t('in_popup_prompt'), text: t('in_need_true_account') });
    }
  }, [authReady, member, isTrial, navigate, openModal, showNotice, t]);

  return member && !isTrial ? member : null;
}
