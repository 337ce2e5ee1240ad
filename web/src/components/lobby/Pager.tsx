import { useTranslation } from 'react-i18next';
import { pagingRange } from './rules';

export function Pager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="lobby-pager" aria-label={t('lobby_pages')} data-testid="lobby-pager">
      <button type="button" className="lobby-page" data-testid="page-prev" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)} aria-label={t('lobby_page_prev')}>
        ‹
      </button>
      {pagingRange(pageNo, totalPages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="lobby-page-gap" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`lobby-page${item === pageNo ? ' is-current' : ''}`}
            data-testid={`page-${item}`}
            aria-current={item === pageNo ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="lobby-page" data-testid="page-next" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)} aria-label={t('lobby_page_next')}>
        ›
      </button>
    </nav>
  );
}
