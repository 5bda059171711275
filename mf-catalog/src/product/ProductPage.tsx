import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useUnit } from 'effector-react';
import { cartAddAnswered, cartAddRequested } from '@shop/contracts/bus';
import { FavouriteButton } from '../favourites/FavouriteButton.js';
import { getArticleAvailability } from '@shop/contracts/api';
import { formatMoney } from '@shop/contracts/format';
import type { ProductPageData, ProductPageProps } from '@shop/contracts/routes';
import { pageImageProps, type LoaderDataProps } from '@shop/contracts/ssr';
import { loadErrorTexts } from '@shop/contracts/texts';
import type { ArticleDetail, CartAddAnswer, Shop, VariantColor } from '@shop/contracts/types';
import { Labels, Stars } from '../pricing/Labels.js';
import { Price } from '../pricing/Price.js';
import { loadShops } from '../shared/reference.js';
import { texts } from '../texts.js';
import { withFreshStock } from './availability.js';
import { ProductSkeleton } from './ProductSkeleton.js';
import { Reviews, REVIEWS_ID } from './Reviews.js';
import { summarizeReviews } from './reviews.js';
import { ShopAvailability } from './ShopAvailability.js';
import { addRequest } from './addRequest.js';
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
import { VariantSlider } from './VariantSlider.js';
import styles from './ProductPage.module.css';

export { loader } from './loader.js';

const blockTexts: Record<PurchaseBlock, string> = {
  notPurchasable: texts.notPurchasable,
  soldOut: texts.soldOut,
  chooseColor: texts.chooseColor,
  chooseSize: texts.chooseSize,
  sizeSoldOut: texts.sizeSoldOut,
};

/**
 * Exposed as `mf_catalog/ProductPage` on /product/{articleName}. The shell passes the article its guard loaded
 * (ProductPageProps); standalone, the page loads it by slug (or by id, then forwards to the slug).
 */
export default function ProductPage(props: Partial<ProductPageProps> & LoaderDataProps<ProductPageData>) {
  const params = useParams();
  const load = useArticle(props.articleName ?? params.articleName, props.article ?? props.loaderData?.article ?? null);
  if (load.status === 'loading') return <ProductSkeleton />;
  if (load.status === 'failed') {
    return (
      <div className={styles.failed} role="alert">
        <p>{loadErrorTexts.article}</p>
        <Link to="/">{texts.toHome}</Link>
      </div>
    );
  }
  return <ProductView key={load.article.id} article={load.article} shops={props.loaderData?.shops} />;
}

interface ViewProps {
  article: ArticleDetail;
  /** Shop names; loaded from GET /shops when not given. */
  shops?: readonly Shop[];
  /** Ask GET /articles/availability for fresh stock after showing what the article carries (default true). */
  refreshStock?: boolean;
}

export function ProductView({ article, shops: givenShops, refreshStock = true }: ViewProps) {
  const add = useUnit(cartAddRequested);
  const [variants, setVariants] = useState(article.variants);
  // The article may come from the guard a moment ago or from a cache: ask for the stock once more.
  useEffect(() => {
    if (!refreshStock) return;
    const controller = new AbortController();
    getArticleAvailability(article.id, { signal: controller.signal }).then(
      (fresh) => setVariants((current) => withFreshStock(current, fresh.variants)),
      () => undefined, // the stock we have is still worth showing
    );
    return () => controller.abort();
  }, [article.id, refreshStock]);
  const [loadedShops, setLoadedShops] = useState<readonly Shop[]>([]);
  useEffect(() => {
    if (givenShops) return;
    let live = true;
    loadShops().then(
      (list) => live && setLoadedShops(list),
      () => undefined, // without names the rows say "Butikk 3": still useful
    );
    return () => {
      live = false;
    };
  }, [givenShops]);
  const shops = givenShops ?? loadedShops;

  const [colorId, setColorId] = useState(() => initialColorId(article.variants));
  const [sizeId, setSizeId] = useState(() => initialSizeId(article.variants, initialColorId(article.variants)));
  // The cart decides every add (limit, first shop's stock) and answers in Norwegian: the page shows that answer, so
  // it never says "lagt i handlekurven" for an add the cart refused.
  const [answer, setAnswer] = useState<CartAddAnswer | null>(null);
  const awaited = useRef<number | null>(null);
  useEffect(() => {
    const subscription = cartAddAnswered.watch((next) => {
      if (next.variantId === awaited.current) setAnswer(next);
    });
    return () => subscription.unsubscribe();
  }, []);
  const forgetAnswer = () => {
    awaited.current = null;
    setAnswer(null);
  };

  const colors = colorOptions(variants);
  const sizes = sizeOptions(variants, colorId);
  const variant = selectedVariant(variants, colorId, sizeId);
  const block = purchaseBlock(article, variants, colorId, variant);
  const colorImages = useMemo(() => {
    const seen = new Map<number, VariantColor>();
    for (const v of variants) if (!seen.has(v.color.id)) seen.set(v.color.id, v.color);
    return [...seen.values()];
  }, [variants]);
  const image = colorImages.find((c) => c.id === colorId)?.image || article.image;
  const summary = summarizeReviews(article.reviews, article.averageRating);

  const chooseColor = (id: number) => {
    setColorId(id);
    // Keep the chosen size when the new colour has it in stock; otherwise start the size choice again.
    const sameSize = sizeOptions(variants, id).find((option) => option.size.id === sizeId && option.available);
    setSizeId(sameSize ? sameSize.size.id : initialSizeId(variants, id));
    forgetAnswer();
  };

  const addToCart = () => {
    if (!variant || block) return;
    awaited.current = variant.id;
    setAnswer(null);
    add(addRequest(article, variant));
  };

  return (
    <article className={styles.page} aria-labelledby="product-title">
      <div className={styles.gallery}>
        <img className={styles.image} src={image} alt={article.name} width={600} height={600} decoding="async" {...pageImageProps} />
        <VariantSlider colors={colorImages} colorId={colorId} onColor={chooseColor} />
      </div>
      <div className={styles.info}>
        <p className={styles.brand}>{article.brand}</p>
        <div className={styles.titleRow}>
          <h1 id="product-title" className={styles.title}>
            {article.name}
          </h1>
          <FavouriteButton articleId={article.id} name={article.name} placement="page" />
        </div>
        {summary.count > 0 && summary.average !== null && (
          <a className={styles.reviewsLink} href={`#${REVIEWS_ID}`}>
            <Stars rating={summary.average} /> {texts.reviewsLink(summary.count)}
          </a>
        )}
        <Labels article={article} className={styles.labels} />
        <Price price={article.price} originalPrice={article.originalPrice} large />
        {article.pant > 0 && <p className={styles.pant}>{texts.pant(formatMoney(article.pant))}</p>}
        <VariantPicker
          colors={colors}
          colorId={colorId}
          onColor={chooseColor}
          sizes={sizes}
          sizeId={sizeId}
          onSize={(id) => {
            setSizeId(id);
            forgetAnswer();
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
          {article.onlyCC && <p className={styles.notice}>{texts.onlyClickAndCollect}</p>}
          {article.canPurchase && <p className={styles.reason}>{texts.purchaseLimit(article.webPurchaseLimit)}</p>}
          <p
            className={answer && answer.outcome !== 'added' && answer.outcome !== 'increased' ? styles.refused : styles.added}
            role="status"
            data-outcome={answer?.outcome}
          >
            {answer?.message ?? ''}
          </p>
        </div>
        <ShopAvailability variant={variant} shops={shops} />
        <ProductFacts article={article} />
      </div>
      <div className={styles.wide}>
        <Reviews reviews={article.reviews} summary={summary} />
      </div>
    </article>
  );
}

/** Description, technical description, nutrient content, wash and care labels, article number. */
function ProductFacts({ article }: { article: ArticleDetail }) {
  const sections: Array<[string, string | null]> = [
    [texts.description, article.description || null],
    [texts.techDescription, article.techDescription],
    [texts.nutrientContent, article.nutrientContent],
    [texts.washLabel, article.washLabel],
    [texts.careLabel, article.careLabel],
  ];
  return (
    <>
      {sections
        .filter((entry): entry is [string, string] => Boolean(entry[1]))
        .map(([title, body]) => (
          <section key={title} className={styles.section}>
            <h2 className={styles.sectionTitle}>{title}</h2>
            <p className={styles.prose}>{body}</p>
          </section>
        ))}
      <p className={styles.muted}>
        {texts.articleNo}: {article.articleNo}
      </p>
    </>
  );
}
