import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { usePreferences } from '../../state/preferences';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../components/member/common';
import type { HelpArticle, HelpCentreAnswer } from '../../components/content/contentApi';
import { LicenceView } from '../../components/content/LicenceModal';
import { plainText, RichText } from '../../components/content/RichText';
import { useHelpCentre } from '../../components/content/useHelpCentre';

/** Typing settles this long before the search is sent. */
const SEARCH_DELAY_MS = 300;
const TERMS_HASH = '#term';
const LICENCE_HASH = '#licence';
const ARTICLE_HASH = '#article-';

type View = { kind: 'browse' } | { kind: 'article'; article: HelpArticle } | { kind: 'licence' } | { kind: 'missing' };

/** What the address's hash opens: #term the terms, #article-<id> one article, #licence the licence. */
function viewOf(hash: string, help: HelpCentreAnswer | undefined): View {
  if (hash === LICENCE_HASH) return { kind: 'licence' };
  if (!help || (hash !== TERMS_HASH && !hash.startsWith(ARTICLE_HASH))) return { kind: 'browse' };
  const articles = help.categories.flatMap((category) => category.articles);
  const article = hash === TERMS_HASH ? help.terms : articles.find((entry) => `${ARTICLE_HASH}${entry.id}` === hash);
  return article ? { kind: 'article', article } : { kind: 'missing' };
}

function ArticleList({ articles, testId }: { articles: readonly HelpArticle[]; testId: string }) {
  const navigate = useNavigate();
  return (
    <ul className="help-articles" data-testid={testId}>
      {articles.map((article) => (
        <li key={article.id}>
          <button type="button" className="help-article-link" data-testid={`help-article-${article.id}`} onClick={() => void navigate({ hash: `article-${article.id}` })}>
            <span className="help-article-title">{article.title}</span>
            <span className="help-article-text">{plainText(article.content)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The help centre (spec §2 /help, helpModal), shown over home: the brand's categories and articles in the interface
 * language, a search over titles and texts, the terms (/help#term), a link per article (/help#article-<id>) and the
 * licence (legalLicense, /help#licence). Closing it goes home.
 */
export default function HelpCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { language } = usePreferences();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const { data, error, isPending, refetch } = useHelpCentre(search);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const view = viewOf(hash, data);
  const categories = data?.categories ?? [];
  const category = categories.find((entry) => entry.id === categoryId) ?? categories[0] ?? null;
  const back = () => void navigate({ hash: '' });

  let body;
  if (isPending) body = <div className="help-loading" aria-busy="true" />;
  else if (error && !data)
    body = (
      <div className="help-empty" role="alert">
        <p>{errorMessage(error)}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void refetch()}>
          {t('content_retry')}
        </button>
      </div>
    );
  else if (view.kind === 'article')
    body = (
      <article className="help-article" id={`article-${view.article.id}`} data-testid="help-article" data-article-id={view.article.id} data-terms={view.article.terms ? 'true' : 'false'}>
        <button type="button" className="link-button help-back" data-testid="help-back" onClick={back}>
          ‹ {t('content_help_back')}
        </button>
        <h3 className="help-article-heading" data-testid="help-article-title">
          {view.article.title}
        </h3>
        <p className="notice-date">{t('content_updated', { date: formatDateTime(view.article.updatedAt, language) })}</p>
        <RichText html={view.article.content} className="help-article-body" testId="help-article-content" />
      </article>
    );
  else if (view.kind === 'licence')
    body = (
      <div className="help-licence" data-testid="help-licence">
        <button type="button" className="link-button help-back" data-testid="help-back" onClick={back}>
          ‹ {t('content_help_back')}
        </button>
        <h3 className="help-article-heading">{t('content_licence')}</h3>
        <LicenceView licence={data?.licence ?? null} />
      </div>
    );
  else if (view.kind === 'missing')
    body = (
      <div className="help-empty" data-testid="help-missing">
        <p>{t('content_help_missing')}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={back}>
          {t('content_help_back')}
        </button>
      </div>
    );
  else if (search && data?.results)
    body =
      data.results.length === 0 ? (
        <p className="help-empty" data-testid="help-no-results">
          {t('content_help_no_results', { search })}
        </p>
      ) : (
        <ArticleList articles={data.results} testId="help-results" />
      );
  else if (!category) body = <p className="help-empty">{t('content_help_empty')}</p>;
  else
    body = (
      <div className="help-browse">
        <div className="help-categories" role="tablist" aria-label={t('content_help_categories')}>
          {categories.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="tab"
              aria-selected={entry.id === category.id}
              className={`help-category${entry.id === category.id ? ' is-current' : ''}`}
              data-testid={`help-category-${entry.id}`}
              onClick={() => setCategoryId(entry.id)}
            >
              {entry.title}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="help-panel">
          <ArticleList articles={category.articles} testId="help-category-articles" />
        </div>
      </div>
    );

  return (
    <Modal title={t('content_help_title')} onClose={() => void navigate('/')} testId="help-modal">
      <div className="help-centre content-wide">
        <div className="help-tools">
          <label className="help-search">
            <span className="sr-only">{t('content_help_search')}</span>
            <input
              type="search"
              value={text}
              placeholder={t('content_help_search')}
              data-testid="help-search"
              onChange={(event) => {
                setText(event.target.value);
                if (view.kind !== 'browse') back();
              }}
            />
          </label>
          <button type="button" className="btn btn-ghost btn-sm" data-testid="help-terms-link" onClick={() => void navigate({ hash: 'term' })} disabled={!data?.terms}>
            {t('content_terms')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" data-testid="help-licence-link" onClick={() => void navigate({ hash: 'licence' })}>
            {t('content_licence')}
          </button>
        </div>
        {body}
      </div>
    </Modal>
  );
}
