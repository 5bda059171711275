import type {
  BlogCategory,
  BlogCategoryPage,
  BlogPost,
  RawBlogCategory,
  RawBlogCategoryPage,
  RawBlogPost,
  RawSocialPost,
  SocialPost,
} from '../types/content.js';
import type { Banner, RawBanner, RawSettings, RawTenant, Settings, Tenant } from '../types/settings.js';
import type { Paginated, RawPaginated } from '../types/common.js';
import { mapArticle } from './catalog.js';

export function mapPaginated<R, W>(raw: RawPaginated<R>, map: (item: R) => W): Paginated<W> {
  return { data: raw.data.map(map), meta: { ...raw.meta } };
}

export function mapBlogCategory(raw: RawBlogCategory): BlogCategory {
  return { id: raw.id, slug: raw.slug, name: raw.name, postsCount: raw.posts_count };
}

export function mapBlogPost(raw: RawBlogPost): BlogPost {
  return {
    id: raw.id,
    title: raw.title,
    body: raw.body,
    slug: raw.slug,
    featuredImage: raw.featured_image ?? null,
    mainArticle: raw.main_article ? mapArticle(raw.main_article) : null,
    relatedArticles: (raw.related_articles ?? []).map(mapArticle),
    bodyArticles: (raw.body_articles ?? []).map(mapArticle),
    categories: (raw.categories ?? []).map(mapBlogCategory),
    publishedAt: raw.published_at,
    ...(raw.preview ? { preview: raw.preview } : {}),
  };
}

export function mapBlogCategoryPage(raw: RawBlogCategoryPage): BlogCategoryPage {
  return { category: mapBlogCategory(raw.category), posts: mapPaginated(raw.posts, mapBlogPost) };
}

export function mapSocialPost(raw: RawSocialPost): SocialPost {
  return {
    id: raw.id,
    caption: raw.caption ?? '',
    image: raw.media_url,
    url: raw.permalink,
    date: raw.timestamp,
    isVideo: raw.media_type === 'VIDEO',
  };
}

function mapBanner(raw: RawBanner | null | undefined): Banner | null {
  if (!raw) return null;
  return { image: raw.Image, imageMobile: raw.ImageMobile ?? null, link: raw.Link ?? null, title: raw.Title ?? null, text: raw.Text ?? null };
}

/** Exactly `size` slots: shorter lists are padded with null, longer ones cut. */
function slots(list: Array<RawBanner | null> | null | undefined, size: number): Array<Banner | null> {
  return Array.from({ length: size }, (_, i) => mapBanner(list?.[i]));
}

export function mapSettings(raw: RawSettings): Settings {
  const [a, b, c] = slots(raw.SubBanners, 3);
  return {
    topBanner: mapBanner(raw.TopBanner),
    subBanners: [a, b, c],
    storeSearch: mapBanner(raw.StoreSearch),
    popularCategories: (raw.PopularCategories ?? []).map((p) => ({ name: p.Name, image: p.Image, link: p.Link })),
    grid3x3: slots(raw.Grid3x3, 9),
  };
}

export function mapTenant(raw: RawTenant): Tenant {
  const menu = raw.MenuBrands ?? {};
  return {
    id: raw.TenantID,
    brandName: raw.BrandName,
    chainId: raw.ChainID,
    menuBrands: {
      support: [...(menu.support ?? [])],
      maintenance: [...(menu.maintenance ?? [])],
      about: [...(menu.about ?? [])],
      policy: [...(menu.policy ?? [])],
    },
    singleLineHeaderBrand: raw.SingleLineHeaderBrand,
    singleLineHeader: raw.SingleLineHeaderBrand === raw.BrandName,
    customerServiceEmail: raw.CustomerServiceEmail,
    companyName: raw.CompanyName,
  };
}
