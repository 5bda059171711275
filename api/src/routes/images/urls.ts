/** URL paths of the generated images (what the database stores and the web shapes carry). */
export const IMAGES_BASE = '/api/v1/images';

/** Product image of an article group 3 in a colour; `hex` with or without '#'. */
export function articleImageUrl(group3Id: number, hex: string): string {
  return `${IMAGES_BASE}/articles/${group3Id}/${hex.replace(/^#/, '').toLowerCase()}.svg`;
}

/** Wide banner; `-mobil` / `-kvadrat` suffixes give portrait / square versions. */
export function bannerUrl(name: string): string {
  return `${IMAGES_BASE}/banners/${name}.svg`;
}

export function blogImageUrl(slug: string): string {
  return `${IMAGES_BASE}/blog/${slug}.svg`;
}
