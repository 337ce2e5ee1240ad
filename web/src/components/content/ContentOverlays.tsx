import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { memberInfoQuery } from '../../state/queries';
import { useSession } from '../../state/session';
import { trimPath, useModal } from '../../state/ui';
import { useContentUi } from './contentUi';
import { NoticeModal } from './NoticeModal';
import { localDate, newestFirst, POPUP_HIDDEN_ON, popupMarker, popupsToShow } from './popups';
import { PublicModal } from './PublicModal';
import { useContent, useContentPushes } from './useContent';
import './content.css';

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // storage disabled: the choice lasts as long as this page
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

/**
 * The announcement popup (publicModal) and the notice list (noticeModal), over any page of the normal layout. The
 * popup waits until no other modal or dialog is open (the help centre is one); closing it sets the session marker of
 * the audience (USER_POPUP or ANONYMOUS_POPUP), "hide today" keeps today's date, and either keeps it closed.
 */
export function ContentOverlays() {
  useContentPushes();
  const { content, current } = useContent();
  const { member, token } = useSession();
  const { modal } = useModal();
  const { noticesOpen } = useContentUi();
  const onHelp = trimPath(useLocation().pathname) === '/help';
  // The audience whose popup was closed on this page (the session marker says the same where storage works).
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const signedIn = member !== null;
  const marker = popupMarker(signedIn);
  const marked = closedFor === marker || readStorage(session, marker) !== null;

  // F popups are for the session of a first sign-in: the member as the server knows them says whether it is one.
  const wantsFirstLogin = token !== null && !marked && content.popup.some((popup) => popup.execution === 'F');
  const info = useQuery({ ...memberInfoQuery(token ?? ''), enabled: wantsFirstLogin });
  const firstLogin = wantsFirstLogin && info.data?.lastLoginAt === null;
  const decided = current && !(wantsFirstLogin && info.isPending);

  const popups = decided ? popupsToShow(content.popup, { signedIn, firstLogin, marked, hiddenOn: readStorage(local, POPUP_HIDDEN_ON), today: localDate(new Date()) }) : [];
  const close = (hideToday: boolean) => {
    writeStorage(session, marker, '1');
    if (hideToday) writeStorage(local, POPUP_HIDDEN_ON, localDate(new Date()));
    setClosedFor(marker);
  };

  return (
    <>
      {popups.length > 0 && modal === null && !noticesOpen && !onHelp && (
        <PublicModal key={`${marker}:${popups.map((popup) => popup.id).join(',')}`} popups={popups} onClose={() => close(false)} onHideToday={() => close(true)} />
      )}
      {noticesOpen && <NoticeModal notices={newestFirst(content.player)} />}
    </>
  );
}
