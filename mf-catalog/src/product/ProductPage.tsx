import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { cartAddRequested } from '@shop/contracts/bus';
import { formatMoney } from '@shop/contracts/format';
import type { ArticleDetail } from '@shop/contracts/types';
import { Price } from '../pricing/Price.js';
import { texts } from '../texts.js';
import { toCartLine } from './toCartLine.js';
import { useArticle } from './useArticle.js';
import {
  colorOptions,
  initialColorId,
  initialSizeId,
  purchaseBlock,
  selectedVariant,
  sizeOptions,
  type PurchaseBlock,
} from './variants.js';
import { VariantPicker } from './VariantPicker.js';
import styles from './ProductPage.module.css';

const blockTexts: Record<PurchaseBlock, string> = {
  notPurchasable: texts.notPurchasable,
  soldOut: texts.soldOut,
  chooseColor: texts.chooseColor,
  chooseSize: texts.chooseSize,
  sizeSoldOut: texts.sizeSoldOut,
};

/** Exposed as `mf_catalog/ProductPage`, mounted on /product/:articleName? (an id forwards to the slug). */
export default function ProductPage() {
  const { articleName } = useParams();
  const load = useArticle(articleName);
  if (load.status === 'loading') return <p role="status">{texts.loading}</p>;
  if (load.status === 'failed') return <Link to="/">{texts.toHome}</Link>;
  return <ProductView key={load.article.id} article={load.article} />;
}

export function ProductView({ article }: { article: ArticleDetail }) {
  const add = useUnit(cartAddRequested);
  const { variants } = article;
  const [colorId, setColorId] = useState(() => initialColorId(variants));
  const [sizeId, setSizeId] = useState(() => initialSizeId(variants, initialColorId(variants)));
  const [addedCount, setAddedCount] = useState(0);

  const sizes = sizeOptions(variants, colorId);
  const variant = selectedVariant(variants, colorId, sizeId);
  const block = purchaseBlock(article, variants, colorId, variant);
  const image = variant?.color.image || variants.find((v) => v.color.id === colorId)?.color.image || article.image;

  const chooseColor = (id: number) => {
    setColorId(id);
    // Keep the chosen size when the new colour has it in stock; otherwise start the size choice again.
    const sameSize = sizeOptions(variants, id).find((option) => option.size.id === sizeId && option.available);
    setSizeId(sameSize ? sameSize.size.id : initialSizeId(variants, id));
    setAddedCount(0);
  };

  const addToCart = () => {
    if (!variant || block) return;
    add(toCartLine(article, variant));
    setAddedCount((count) => count + 1);
  };

  return (
    <article className={styles.page} aria-labelledby="product-title">
      <div>
        <img className={styles.image} src={image} alt={article.name} width={600} height={600} />
      </div>
      <div>
        <p className={styles.brand}>{article.brand}</p>
        <h1 id="product-title" className={styles.title}>
          {article.name}
        </h1>
        <Price price={article.price} originalPrice={article.originalPrice} large />
        {article.pant > 0 && <p>{texts.pant(formatMoney(article.pant))}</p>}
        <VariantPicker
          colors={colorOptions(variants)}
          colorId={colorId}
          onColor={chooseColor}
          sizes={sizes}
          sizeId={sizeId}
          onSize={(id) => {
            setSizeId(id);
            setAddedCount(0);
          }}
        />
        <div className={styles.buy}>
          <button
            type="button"
            className={styles.addButton}
            disabled={block !== null}
            aria-describedby={block ? 'purchase-block' : undefined}
            onClick={addToCart}
          >
            {texts.addToCart}
          </button>
          {block && (
            <p id="purchase-block" className={styles.reason}>
              {blockTexts[block]}
            </p>
          )}
          {variant && !block && <p className={styles.reason}>{texts.availableIn(variant.availability)}</p>}
          {article.onlyCC && <p className={styles.reason}>{texts.onlyClickAndCollect}</p>}
          <p className={styles.added} role="status">
            {addedCount > 0 ? texts.added(article.name) : ''}
          </p>
        </div>
        {article.description && (
          <section>
            <h2>{texts.description}</h2>
            <p className={styles.description}>{article.description}</p>
          </section>
        )}
        <p className={styles.reason}>
          {texts.articleNo}: {article.articleNo}
        </p>
      </div>
    </article>
  );
}
