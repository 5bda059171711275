import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { formatMoney } from '@shop/contracts/format';
import { richTextTexts as t } from './texts.js';
import { useArticleSummary } from './useArticleSummary.js';
import styles from './richtext.module.css';

/** The product card as the editor shows it: the product's image, name and price, or why it cannot be shown. */
export function ProductCardView({ node, selected, deleteNode }: ReactNodeViewProps) {
  const id = node.attrs.articleId as number | null;
  const article = useArticleSummary(id);
  const missing = article === null || (article && !article.in_web_shop);
  return (
    <NodeViewWrapper className={styles.productCard} data-selected={selected || undefined} data-testid="editor-product-card" contentEditable={false}>
      {article && <img className={styles.productImage} src={article.image} alt="" width={64} height={64} />}
      <span className={styles.productText}>
        {article === undefined && <span>{t.productLoading(id ?? 0)}</span>}
        {article && <strong>{t.productCard(article.name)}</strong>}
        {article && <span>{formatMoney(article.price)}</span>}
        {missing && <span className={styles.warning}>{t.productMissing(id ?? 0)}</span>}
      </span>
      <button type="button" className={styles.remove} onClick={() => deleteNode()} aria-label={t.productRemove}>
        ×
      </button>
    </NodeViewWrapper>
  );
}
