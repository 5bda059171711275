import { getArticle, getArticleAvailability, getCategories, getShops } from '@shop/contracts/api';
import { loaderHeadContext, orMissing, type PageLoader } from '@shop/contracts/ssr';
import type { ProductPageData, ProductPageProps } from '@shop/contracts/routes';
import { productHead } from './head.js';
import { parseArticleParam } from './useArticle.js';

/**
 * /product/{slug|id}: the article (the shell's guard shows the page with it at once), the shop names of its
 * availability rows and the head; a missing or hidden article is the 404. The stock the page asks for once more
 * after mounting is fetched here too, so that request is answered from the page.
 */
export const loader: PageLoader<Partial<ProductPageProps>, ProductPageData> = async (context) => {
  const key = parseArticleParam(context.props.articleName ?? undefined);
  const [headContext, categories, found, shops] = await Promise.all([
    loaderHeadContext(context),
    getCategories(),
    key === null ? null : orMissing(getArticle(key)),
    getShops().catch(() => undefined),
  ]);
  const article = found?.visible ? found : null;
  if (article) await getArticleAvailability(article.id).catch(() => undefined);
  return { head: productHead(headContext, { article, categories }), data: { article, shops } };
};
