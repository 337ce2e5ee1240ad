import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HelpArticle, HelpArticleBody, HelpCategoryBody, HelpCentre, LicenceBody, noticesContentRpcMethods } from '@wps/contracts';
import { AppError, rows, type Executor } from '@wps/platform';
import { plainText, sanitiseRichText } from '../../infra/sanitise.js';
import type { NoticesDeps } from '../module.js';
import { checkImage, contentChanged, imageUrl } from './notices.js';
import { cleanTexts, pickText, searchable, searchArticles, type Texts } from './rules.js';

type Rpc = typeof noticesContentRpcMethods;
type Input<M extends keyof Rpc> = z.output<Rpc[M]['input']>;
type Output<M extends keyof Rpc> = z.input<Rpc[M]['output']>;

const iso = (time: Date | string) => new Date(time).toISOString();

interface CategoryRow {
  id: string;
  sort: number;
  texts: Texts<string> | null;
}
interface ArticleText {
  title: string;
  content: string;
  searchTitle: string;
  searchText: string;
}
interface ArticleRow {
  id: string;
  category_id: string;
  sort: number;
  terms: boolean;
  updated_at: Date | string;
  texts: Texts<ArticleText> | null;
}
interface LicenceRow {
  image_key: string | null;
  texts: Texts<string>;
  updated_at: Date | string;
}

const categoriesOf = (executor: Executor, merchantCode: string, only?: string) =>
  rows<CategoryRow>(
    executor,
    sql`SELECT c.id::text AS id, c.sort, (SELECT json_object_agg(t.language, t.title) FROM notices.help_category_texts t WHERE t.category_id = c.id) AS texts
          FROM notices.help_categories c WHERE c.merchant_code = ${merchantCode} ${only ? sql`AND c.id = ${only}` : sql``} ORDER BY c.sort, c.id`,
  );

const articlesOf = (executor: Executor, merchantCode: string, only?: string) =>
  rows<ArticleRow>(
    executor,
    sql`SELECT a.id::text AS id, a.category_id::text AS category_id, a.sort, a.terms, a.updated_at,
               (SELECT json_object_agg(t.language, json_build_object('title', t.title, 'content', t.content, 'searchTitle', t.search_title, 'searchText', t.search_text))
                  FROM notices.help_article_texts t WHERE t.article_id = a.id) AS texts
          FROM notices.help_articles a WHERE a.merchant_code = ${merchantCode} ${only ? sql`AND a.id = ${only}` : sql``} ORDER BY a.sort, a.id`,
  );

const licenceOf = async (executor: Executor, merchantCode: string) =>
  (await rows<LicenceRow>(executor, sql`SELECT image_key, texts, updated_at FROM notices.licences WHERE merchant_code = ${merchantCode}`))[0];

const definedEntries = <T>(texts: Texts<T> | null): Record<string, T> => Object.fromEntries(Object.entries(texts ?? {}).filter((entry): entry is [string, T] => entry[1] !== undefined));

const operatorArticle = (row: ArticleRow) => ({
  id: row.id,
  categoryId: row.category_id,
  texts: Object.fromEntries(Object.entries(definedEntries(row.texts)).map(([language, text]) => [language, { title: text.title, content: text.content }])),
  sort: row.sort,
  terms: row.terms,
  updatedAt: iso(row.updated_at),
});

const operatorLicence = (row: LicenceRow) => ({ imageKey: row.image_key, url: imageUrl(row.image_key), texts: definedEntries(row.texts), updatedAt: iso(row.updated_at) });

/** Category titles as stored: plain text, at least one language (NOTICE_TITLE_EMPTY otherwise). */
function cleanCategoryTexts(texts: HelpCategoryBody['texts']): Record<string, string> {
  return Object.fromEntries(Object.entries(cleanTexts(texts)).map(([language, text]) => [language, text.title]));
}

/** Writes a category with its titles; answers its id. */
export async function insertCategory(tx: Executor, merchantCode: string, body: HelpCategoryBody): Promise<string> {
  const titles = cleanCategoryTexts(body.texts);
  const [row] = await rows<{ id: string }>(tx, sql`INSERT INTO notices.help_categories (merchant_code, sort) VALUES (${merchantCode}, ${body.sort}) RETURNING id::text AS id`);
  await insertCategoryTexts(tx, row!.id, titles);
  return row!.id;
}

async function insertCategoryTexts(tx: Executor, categoryId: string, titles: Record<string, string>): Promise<void> {
  for (const [language, title] of Object.entries(titles)) {
    await tx.execute(sql`INSERT INTO notices.help_category_texts (category_id, language, title) VALUES (${categoryId}, ${language}, ${title})`);
  }
}

/** Writes an article with its texts (sanitised, and made searchable); answers its id. */
export async function insertArticle(tx: Executor, merchantCode: string, body: HelpArticleBody): Promise<string> {
  const texts = cleanTexts(body.texts);
  await checkCategory(tx, merchantCode, body.categoryId);
  if (body.terms) await tx.execute(sql`UPDATE notices.help_articles SET terms = false, updated_at = now() WHERE merchant_code = ${merchantCode} AND terms`);
  const [row] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO notices.help_articles (merchant_code, category_id, sort, terms) VALUES (${merchantCode}, ${body.categoryId}, ${body.sort}, ${body.terms}) RETURNING id::text AS id`,
  );
  await insertArticleTexts(tx, row!.id, texts);
  return row!.id;
}

async function insertArticleTexts(tx: Executor, articleId: string, texts: Record<string, { title: string; content: string }>): Promise<void> {
  for (const [language, text] of Object.entries(texts)) {
    await tx.execute(
      sql`INSERT INTO notices.help_article_texts (article_id, language, title, content, search_title, search_text)
          VALUES (${articleId}, ${language}, ${text.title}, ${text.content}, ${searchable(text.title)}, ${searchable(plainText(text.content))})`,
    );
  }
}

async function checkCategory(tx: Executor, merchantCode: string, categoryId: string): Promise<void> {
  const [found] = await rows(tx, sql`SELECT 1 FROM notices.help_categories WHERE id = ${categoryId} AND merchant_code = ${merchantCode}`);
  if (!found) throw new AppError('HELP_CATEGORY_NOT_FOUND', { field: 'categoryId' });
}

/** Sets the brand's licence: an uploaded image and sanitised text per language. */
export async function upsertLicence(tx: Executor, merchantCode: string, body: LicenceBody, operator: string | null): Promise<void> {
  await checkImage(tx, body.imageKey);
  const texts = Object.fromEntries(Object.entries(body.texts).flatMap(([language, text]) => (text === undefined ? [] : [[language, sanitiseRichText(text)]])));
  await tx.execute(
    sql`INSERT INTO notices.licences (merchant_code, image_key, texts, updated_by) VALUES (${merchantCode}, ${body.imageKey}, ${JSON.stringify(texts)}::jsonb, ${operator})
        ON CONFLICT (merchant_code) DO UPDATE SET image_key = excluded.image_key, texts = excluded.texts, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** The help centre: categories and articles per language with search, the terms, and the licence. */
export class HelpCentreContent {
  constructor(private readonly deps: NoticesDeps) {}

  /**
   * The brand's help centre in the language (else the brand's default, else any), with the terms article and the
   * licence; with `search`, the articles holding every word. Categories without an article to show are left out.
   */
  async helpCentre(input: Input<'getHelpCentre'>): Promise<HelpCentre> {
    const db = this.deps.db.orm;
    const [categories, articles, licence] = await Promise.all([categoriesOf(db, input.merchantCode), articlesOf(db, input.merchantCode), licenceOf(db, input.merchantCode)]);
    const shown = articles.flatMap((row) => {
      const text = pickText(row.texts ?? {}, input.language, input.brandDefaultLanguage);
      if (!text) return [];
      const article: HelpArticle = { id: row.id, categoryId: row.category_id, title: text.title, content: sanitiseRichText(text.content), terms: row.terms, updatedAt: iso(row.updated_at) };
      return [{ article, searchTitle: text.searchTitle, searchText: text.searchText }];
    });
    const licenceText = licence ? pickText(licence.texts, input.language, input.brandDefaultLanguage) : undefined;
    return {
      categories: categories.flatMap((category) => {
        const title = pickText(category.texts ?? {}, input.language, input.brandDefaultLanguage);
        const inCategory = shown.filter(({ article }) => article.categoryId === category.id).map(({ article }) => article);
        return title && inCategory.length > 0 ? [{ id: category.id, title, articles: inCategory }] : [];
      }),
      results: input.search ? searchArticles(shown, input.search).map(({ article }) => article) : null,
      terms: shown.find(({ article }) => article.terms)?.article ?? null,
      licence: licence ? { url: imageUrl(licence.image_key), text: sanitiseRichText(licenceText ?? '') } : null,
    };
  }

  async operatorHelpCentre(input: Input<'operatorHelpCentre'>): Promise<Output<'operatorHelpCentre'>> {
    const db = this.deps.db.orm;
    const [categories, articles, licence] = await Promise.all([categoriesOf(db, input.merchantCode), articlesOf(db, input.merchantCode), licenceOf(db, input.merchantCode)]);
    return {
      categories: categories.map((category) => ({
        id: category.id,
        texts: Object.fromEntries(Object.entries(definedEntries(category.texts)).map(([language, title]) => [language, { title }])),
        sort: category.sort,
        articles: articles.filter((article) => article.category_id === category.id).map(operatorArticle),
      })),
      licence: licence ? operatorLicence(licence) : null,
    };
  }

  async createCategory(input: Input<'operatorCreateHelpCategory'>): Promise<Output<'operatorCreateHelpCategory'>> {
    return this.write(input.merchantCode, async (tx) => this.category(tx, input.merchantCode, await insertCategory(tx, input.merchantCode, input)));
  }

  async updateCategory(input: Input<'operatorUpdateHelpCategory'>): Promise<Output<'operatorUpdateHelpCategory'>> {
    const titles = cleanCategoryTexts(input.texts);
    return this.write(input.merchantCode, async (tx) => {
      const [updated] = await rows(
        tx,
        sql`UPDATE notices.help_categories SET sort = ${input.sort}, updated_at = now() WHERE id = ${input.categoryId} AND merchant_code = ${input.merchantCode} RETURNING id`,
      );
      if (!updated) throw new AppError('HELP_CATEGORY_NOT_FOUND', { field: 'categoryId' });
      await tx.execute(sql`DELETE FROM notices.help_category_texts WHERE category_id = ${input.categoryId}`);
      await insertCategoryTexts(tx, input.categoryId, titles);
      return this.category(tx, input.merchantCode, input.categoryId);
    });
  }

  async deleteCategory(input: Input<'operatorDeleteHelpCategory'>): Promise<{ id: string; deleted: true }> {
    return this.write(input.merchantCode, async (tx) => {
      const [category] = await rows(tx, sql`SELECT 1 FROM notices.help_categories WHERE id = ${input.categoryId} AND merchant_code = ${input.merchantCode} FOR UPDATE`);
      if (!category) throw new AppError('HELP_CATEGORY_NOT_FOUND', { field: 'categoryId' });
      const [article] = await rows(tx, sql`SELECT 1 FROM notices.help_articles WHERE category_id = ${input.categoryId} LIMIT 1`);
      if (article) throw new AppError('HELP_CATEGORY_NOT_EMPTY', { field: 'categoryId' });
      await tx.execute(sql`DELETE FROM notices.help_categories WHERE id = ${input.categoryId}`);
      return { id: input.categoryId, deleted: true as const };
    });
  }

  async createArticle(input: Input<'operatorCreateHelpArticle'>): Promise<Output<'operatorCreateHelpArticle'>> {
    return this.write(input.merchantCode, async (tx) => this.article(tx, input.merchantCode, await insertArticle(tx, input.merchantCode, input)));
  }

  async updateArticle(input: Input<'operatorUpdateHelpArticle'>): Promise<Output<'operatorUpdateHelpArticle'>> {
    const texts = cleanTexts(input.texts);
    return this.write(input.merchantCode, async (tx) => {
      const [found] = await rows(tx, sql`SELECT 1 FROM notices.help_articles WHERE id = ${input.articleId} AND merchant_code = ${input.merchantCode} FOR UPDATE`);
      if (!found) throw new AppError('HELP_ARTICLE_NOT_FOUND', { field: 'articleId' });
      await checkCategory(tx, input.merchantCode, input.categoryId);
      if (input.terms) await tx.execute(sql`UPDATE notices.help_articles SET terms = false WHERE merchant_code = ${input.merchantCode} AND terms AND id <> ${input.articleId}`);
      await tx.execute(sql`UPDATE notices.help_articles SET category_id = ${input.categoryId}, sort = ${input.sort}, terms = ${input.terms}, updated_at = now() WHERE id = ${input.articleId}`);
      await tx.execute(sql`DELETE FROM notices.help_article_texts WHERE article_id = ${input.articleId}`);
      await insertArticleTexts(tx, input.articleId, texts);
      return this.article(tx, input.merchantCode, input.articleId);
    });
  }

  async deleteArticle(input: Input<'operatorDeleteHelpArticle'>): Promise<{ id: string; deleted: true }> {
    return this.write(input.merchantCode, async (tx) => {
      const [deleted] = await rows(tx, sql`DELETE FROM notices.help_articles WHERE id = ${input.articleId} AND merchant_code = ${input.merchantCode} RETURNING id`);
      if (!deleted) throw new AppError('HELP_ARTICLE_NOT_FOUND', { field: 'articleId' });
      return { id: input.articleId, deleted: true as const };
    });
  }

  async setLicence(input: Input<'operatorSetLicence'>): Promise<Output<'operatorSetLicence'>> {
    return this.write(input.merchantCode, async (tx) => {
      await upsertLicence(tx, input.merchantCode, input, input.operator);
      return operatorLicence((await licenceOf(tx, input.merchantCode))!);
    });
  }

  private async category(tx: Executor, merchantCode: string, id: string) {
    const [category] = await categoriesOf(tx, merchantCode, id);
    const articles = (await articlesOf(tx, merchantCode)).filter((article) => article.category_id === id);
    return {
      id: category!.id,
      texts: Object.fromEntries(Object.entries(definedEntries(category!.texts)).map(([language, title]) => [language, { title }])),
      sort: category!.sort,
      articles: articles.map(operatorArticle),
    };
  }

  private async article(tx: Executor, merchantCode: string, id: string) {
    const [article] = await articlesOf(tx, merchantCode, id);
    return operatorArticle(article!);
  }

  /** Runs a change in one transaction with its `notices.changed` event. */
  private async write<T>(merchantCode: string, change: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await this.deps.db.transaction(async (tx) => {
      const value = await change(tx);
      await contentChanged(this.deps, tx, merchantCode);
      return value;
    });
    this.deps.wakeRelay();
    return result;
  }
}
