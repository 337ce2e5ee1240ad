/** Which content dialog is open over the page: the notice list (noticeModal), possibly at one notice. */
import { createStore, useStoreValue } from '../../state/store';

interface ContentUi {
  noticesOpen: boolean;
  /** The notice shown in full; null shows the list. */
  noticeId: string | null;
}

export const contentUi = createStore<ContentUi>({ noticesOpen: false, noticeId: null });

/** Opens the notice list, or one notice in it. */
export const openNotices = (noticeId: string | null = null): void => contentUi.set({ noticesOpen: true, noticeId });
export const closeNotices = (): void => contentUi.set({ noticesOpen: false, noticeId: null });
export const showNoticeList = (): void => contentUi.set({ noticeId: null });

export function useContentUi() {
  const noticesOpen = useStoreValue(contentUi, (state) => state.noticesOpen);
  const noticeId = useStoreValue(contentUi, (state) => state.noticeId);
  return { noticesOpen, noticeId };
}
