import { categoryDisplayName } from '@shop/contracts/mappers';
import { categoryParam } from '@shop/contracts/format';

/** Picks, through the real API, an article a shopper can buy: visible, purchasable, a variant in stock. */
export interface PurchasableArticle {
  id: number;
  name: string;
  slug: string;
  /** The main group as shoppers see it ("Klær" for the stored "Tekstil") and its URL param. */
  categoryName: string;
  categoryParam: string;
  colorName: string;
  sizeName: string;
}

interface RawCategory {
  MainGroupID: number;
  Name: string;
}

export async function findPurchasableArticle(baseUrl: string): Promise<PurchasableArticle> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/v1${path}`);
    if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
    return (await response.json()) as T;
  };
  const categories = await get<RawCategory[]>('/categories');
  for (const category of categories) {
    const page = await get<{ data: Array<{ ArticleID: number }> }>(`/categories/${category.MainGroupID}/articles?per_page=20`);
    for (const listed of page.data) {
      const detail = await get<any>(`/articles/${listed.ArticleID}`);
      if (detail.PurchasableOnWeb !== 1 || detail.VisibleOnWeb !== 1) continue;
      const variant = (detail.Variants ?? []).find((v: any) => (v.Shops ?? []).some((s: any) => s.Qty > 0));
      if (!variant) continue;
      return {
        id: detail.ArticleID,
        name: detail.Name,
        slug: detail.Slug,
        categoryName: categoryDisplayName(category.Name),
        categoryParam: categoryParam(categoryDisplayName(category.Name)),
        colorName: variant.Color?.Name,
        sizeName: variant.Size?.Name,
      };
    }
  }
  throw new Error('no purchasable article in stock found');
}

/** Chooses a colour or size on the product page, whether it is offered as a radio (preferred) or a button. */
export async function chooseOption(page: import('playwright-core').Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  if ((await radio.count()) > 0) {
    await radio.first().check();
    return;
  }
  await page.getByRole('button', { name, exact: true }).first().click();
}

/**
 * On the article's product page: picks its colour and size, adds one to the cart and waits for the badge to count
 * it (`count`: what the badge should say then).
 */
export async function addOneFromProductPage(
  page: import('playwright-core').Page,
  article: Pick<PurchasableArticle, 'slug' | 'name' | 'colorName' | 'sizeName'>,
  count = '1',
): Promise<void> {
  await page.goto(`/product/${article.slug}`);
  await page.getByRole('heading', { level: 1, name: article.name }).waitFor();
  await chooseOption(page, article.colorName);
  await chooseOption(page, article.sizeName);
  await page.getByRole('button', { name: 'Legg i handlekurven' }).click();
  // A locator wait, not expect.poll: this also runs in beforeAll hooks (axe's cart line), where expect.poll cannot.
  await page.getByTestId('cart-count').filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
}
