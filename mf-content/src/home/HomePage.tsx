import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, getBlogPosts, getHomeLayout, getSettings } from '@shop/contracts/api';
import { loaderHeadContext, orMissing, type LoaderDataProps, type PageLoader } from '@shop/contracts/ssr';
import { pathFor, type HomePageProps } from '@shop/contracts/routes';
import type { Banner, Settings } from '@shop/contracts/types';
import { PostCard } from '../blog/PostCard.js';
import { BannerSlot } from './BannerSlot.js';
import { CatalogWidget } from '../federation/CatalogWidget.js';
import { LoadState } from '../shared/LoadState.js';
import { useLoad } from '../shared/useLoad.js';
import { WhenVisible } from '../shared/WhenVisible.js';
import { POSTCODE_PARAM, postcodeAsked } from '../shops/postcode.js';
import SocialFeed from '../social/SocialFeed.js';
import { homeHead } from './head.js';
import { texts } from './texts.js';
import styles from '../content.module.css';

function StoreSearch({ banner }: { banner: Banner | null }) {
  const navigate = useNavigate();
  const [postcode, setPostcode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field's text as the form holds it (typed before hydration too).
    const asked = postcodeAsked(String(new FormData(event.currentTarget).get(POSTCODE_PARAM) ?? ''));
    navigate(`${pathFor('shops')}${asked.kind === 'valid' ? `?${POSTCODE_PARAM}=${asked.postcode}` : ''}`);
  };
  return (
    <section className={styles.section} data-slot="store-search" aria-labelledby="store-search-title">
      <h2 id="store-search-title">{banner?.title ?? texts.shopsTitle}</h2>
      {banner?.text && <p>{banner.text}</p>}
      {/* A plain GET form to the locator too, so it works before the page has hydrated (the locator's loader sorts). */}
      <form className={styles.form} method="get" action={pathFor('shops')} onSubmit={submit}>
        <label>
          {texts.storeSearchLabel}
          <input name={POSTCODE_PARAM} inputMode="numeric" maxLength={4} value={postcode} onChange={(e) => setPostcode(e.target.value)} />
        </label>
        <button type="submit">{texts.storeSearchButton}</button>
      </form>
    </section>
  );
}

function PopularFallback({ settings }: { settings: Settings }) {
  return (
    <section className={styles.section} aria-labelledby="popular-title">
      <h2 id="popular-title">{texts.popularCategories}</h2>
      <ul className={styles.meta}>
        {settings.popularCategories.map((c) => (
          <li key={c.link}>
            <Link className={styles.tag} to={c.link}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LatestPosts() {
  const [state] = useLoad((signal) => getBlogPosts(1, { signal }), []);
  if (state.status !== 'ready' || state.data.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="inspiration-title">
      <h2 id="inspiration-title">{texts.inspiration}</h2>
      <ul className={styles.cards}>
        {state.data.data.slice(0, 3).map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <Link to={pathFor('blog')}>{texts.allPosts}</Link>
    </section>
  );
}

/** The layout of `/` or of a preview; without a published layout, the banner slots of GET /settings. */
async function homeLayout(previewName: string | null, fallback: Settings | null, signal?: AbortSignal): Promise<Settings> {
  if (previewName) return getHomeLayout(previewName, { signal });
  try {
    return await getHomeLayout(null, { signal });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    return fallback ?? getSettings({ signal });
  }
}

/**
 * The server renders the home page with its layout (issue 22): the top banner, the LCP element, is in the first
 * HTML. The head is the shop's front page (a preview is not for search engines).
 */
export const loader: PageLoader<Partial<HomePageProps>, Settings> = async (context) => {
  const previewName = context.props.previewName ?? null;
  // A preview's layout that does not exist, or that this visitor may not see (a draft, to someone not staff): 404.
  const [layout, headContext] = await Promise.all([previewName ? orMissing(homeLayout(previewName, null)) : homeLayout(null, null), loaderHeadContext(context)]);
  return { data: layout ?? undefined, head: homeHead(headContext, { previewName, settings: layout }) };
};

/**
 * Home (`/`) and home preview (`/preview/{name}`): banner slots (top banner, three sub-banners, store search,
 * popular categories, 3×3 grid), campaigns and bestsellers (mf-catalog widgets, links when the catalogue is down),
 * inspiration, the social feed and the about section `#about`.
 */
export default function HomePage({ previewName = null, settings: shellSettings = null, tenant, loaderData }: Partial<HomePageProps> & LoaderDataProps<Settings>) {
  // GET /home is never cached, so an editor's published layout shows on the next visit (GET /settings, which the
  // shell passes in, may be cached for a minute); without a published layout the shell's settings are the fallback.
  // The page the server rendered starts from its loader's layout (the same markup on hydration).
  const [state, retry] = useLoad<Settings>((signal) => homeLayout(previewName, shellSettings, signal), [previewName], () => loaderData);
  const brand = tenant?.brandName ?? 'Staut';

  // Until the layout is in, the page holds a viewport-high placeholder: the sections below the banners appear with
  // the banners instead of being pushed down by them (they used to shift by a screen's height: CLS ≈ 1 on mobile).
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {`${brand} – ${texts.homeTitle}`}
      </h1>
      {previewName && <p className={styles.preview}>{texts.previewNotice(previewName)}</p>}
      {state.status !== 'ready' ? (
        <div className={styles.homePlaceholder}>
          <LoadState state={state} retry={retry} />
        </div>
      ) : (
        <>
          <BannerSlot banner={state.data.topBanner} slot="top-banner" eager />
          <div className={styles.subBanners}>
            {state.data.subBanners.map((b, i) => (
              <BannerSlot key={i} banner={b} slot={`sub-banner-${i + 1}`} kind="third" />
            ))}
          </div>
          <StoreSearch banner={state.data.storeSearch} />
          <div data-slot="popular-categories">
            {/* The plain links stand in until the slot is in view: the catalogue's widget (its remote entry and
                chunk) is no part of the first view, and the links work meanwhile. */}
            <WhenVisible ahead="0px" placeholder={<PopularFallback settings={state.data} />}>
              <CatalogWidget
                module="PopularCategories"
                props={{ items: state.data.popularCategories, title: texts.popularCategories }}
                fallback={<PopularFallback settings={state.data} />}
              />
            </WhenVisible>
          </div>
          {state.data.grid3x3.some(Boolean) && (
            <section className={styles.section} aria-labelledby="grid-title" data-slot="grid-3x3">
              <h2 id="grid-title">{texts.gridTitle}</h2>
              <ul className={styles.grid3}>
                {state.data.grid3x3.map((b, i) => (
                  <li key={i}>
                    <BannerSlot banner={b} slot={`grid-${i + 1}`} kind="third" />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {state.status !== 'loading' && (
        <>
          {/* Below the fold: loaded as the shopper scrolls towards them, not with the first view (issue 8). */}
          <WhenVisible>
            <div className={styles.section} data-slot="campaigns">
              <CatalogWidget module="CampaignList" props={{ title: texts.campaigns }} fallback={null} />
            </div>
            <div className={styles.section} data-slot="bestsellers">
              <CatalogWidget module="BestsellerList" props={{ title: texts.bestsellers, limit: 8 }} fallback={null} />
            </div>
            <LatestPosts />
            <SocialFeed />
          </WhenVisible>
          <section id="about" className={styles.about} aria-labelledby="about-title">
            <h2 id="about-title">{`Om ${brand}`}</h2>
            <p>{texts.aboutText}</p>
            <Link to="/om-oss">{texts.aboutMore}</Link>
          </section>
        </>
      )}
    </div>
  );
}
