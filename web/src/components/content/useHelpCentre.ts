import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePreferences } from '../../state/preferences';
import { queryKeys } from '../../state/queries';
import { contentApi } from './contentApi';

/** The help centre in the interface language; with `search` (trimmed), the articles holding its words as well. */
export function useHelpCentre(search = '') {
  const { language } = usePreferences();
  const words = search.trim();
  return useQuery({
    queryKey: queryKeys.helpCentre(language, words),
    queryFn: ({ signal }) => contentApi.helpCentre(language, words, signal),
    // The page shown stays while the next search's answer is on its way.
    placeholderData: keepPreviousData,
  });
}
