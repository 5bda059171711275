import { splitProductCards } from '@shop/contracts/format';
import type { Article } from '@shop/contracts/types';
import { CatalogProduct } from './CatalogProduct.js';
import { Html, useSiteLinks } from './Html.js';
import styles from '../content.module.css';

/**
 * Editor-written copy with its product cards (`<div data-product-card="{id}"></div>`, kept by the API's sanitiser at
 * the top level only): the copy between cards as HTML, each card as the catalogue's product card. `articles` are the
 * cards' articles the API resolved (only those in the web shop), so a card whose product left the shop renders
 * nothing. The server renders the same parts from the same data, so hydration matches.
 */
export function ContentBody({ html, articles, className }: { html: string; articles: readonly Article[]; className?: string }) {
  const onClick = useSiteLinks();
  const parts = splitProductCards(html);
  if (!parts.some((part) => part.kind === 'product')) return <Html className={className} html={html} />;
  const byId = new Map(articles.map((article) => [article.id, article]));
  return (
    <div className={className} onClick={onClick}>
      {parts.map((part, index) => {
        if (part.kind === 'html') {
          // eslint-disable-next-line react/no-danger
          return <div key={index} className={styles.bodyPart} dangerouslySetInnerHTML={{ __html: part.html }} />;
        }
        const article = byId.get(part.articleId);
        return article ? (
          <div key={index} className={styles.bodyProduct} data-product-card={article.id}>
            <CatalogProduct article={article} />
          </div>
        ) : null;
      })}
    </div>
  );
}
