import { slug as slugOf } from '@shop/contracts/format';

/**
 * Hands out unique slugs in id order: the first article with a name keeps the plain slug, later ones get `-{id}`
 * appended (SPEC: "when two names collide append -{id}").
 */
export class SlugRegistry {
  private readonly taken = new Set<string>();

  assign(name: string, id: number): string {
    const base = slugOf(name) || `artikkel`;
    let slug = base;
    if (this.taken.has(slug)) slug = `${base}-${id}`;
    // A plain name could itself end in "-{id}"; keep appending until free so the unique index never fails.
    while (this.taken.has(slug)) slug = `${slug}-${id}`;
    this.taken.add(slug);
    return slug;
  }
}
