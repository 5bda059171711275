// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ContentItem, EditConflict, EditorBlogPost, EditorSession } from '@shop/contracts/types';
import { postTexts } from './texts.js';
import { texts as workspaceTexts } from '../workspace/texts.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, createBlogPost: vi.fn(), updateBlogPost: vi.fn(), getEditorBlogCategories: vi.fn() };
});
// The body field as a plain text area: the rich-text editor has its own tests (richtext/); here only its value matters.
vi.mock('../richtext/index.js', () => ({
  RichTextEditor: ({ label, value, onChange, error }: { label: string; value: string; onChange(v: string): void; error?: string | null }) => (
    <label>
      {label}
      <textarea value={value} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {error && <span>{error}</span>}
    </label>
  ),
}));
const api = await import('@shop/contracts/api');
const { ApiError } = api;
const { PostEditor } = await import('./PostEditor.js');

const session: EditorSession = { id: 1, email: 'red@staut.no', name: 'Stine Redaktør', role: 'staff' };
const stored: EditorBlogPost = {
  id: 7, slug: 'vinter', title: 'Vinter', body: '<p>Tekst</p>', featured_image: null, main_article_id: null, related_article_ids: [],
  category_ids: [2], published_at: '2026-11-01T10:00:00.000Z', version: 4, pending_changes: false,
};
const item: ContentItem = {
  type: 'blog-post', key: '7', title: 'Vinter', status: 'published', published_at: stored.published_at, publish_until: null,
  updated_at: '2026-11-02T10:00:00.000Z', updated_by: 'Stine Redaktør', version: 4, pending_changes: false, content: stored,
};

function setup(current: ContentItem | null, draft?: unknown) {
  const props = { onSaved: vi.fn(), onConflict: vi.fn(), onDirtyChange: vi.fn() };
  render(<PostEditor type="blog-post" item={current} draft={draft} session={session} {...props} />);
  return props;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

beforeEach(() => {
  vi.mocked(api.getEditorBlogCategories).mockResolvedValue([
    { id: 2, slug: 'barn-og-familie', name: 'Barn og familie', posts_count: 3 },
    { id: 3, slug: 'tur', name: 'Tur', posts_count: 1 },
  ]);
});
// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('PostEditor, a new post', () => {
  it('fills the slug from the title and shows the final address', async () => {
    setup(null);
    type(postTexts.title, 'Vinterklær til barnehagen');
    expect(field(postTexts.slug).value).toBe('vinterklaer-til-barnehagen');
    expect(screen.getByText('Innlegget får adressen /blogg/vinterklaer-til-barnehagen')).toBeTruthy();
    type(postTexts.slug, 'vinterklaer');
    type(postTexts.title, 'Noe annet');
    expect(field(postTexts.slug).value).toBe('vinterklaer');
    // The categories load meanwhile: the test ends once they are in (their update inside the test, not after it).
    await screen.findByText('Barn og familie');
  });

  it('says what is missing in Norwegian and sends nothing', async () => {
    setup(null);
    await submit(postTexts.save);
    expect(screen.getByText(postTexts.errors.titleMissing)).toBeTruthy();
    expect(screen.getByText(postTexts.errors.slugMissing)).toBeTruthy();
    expect(screen.getByText(postTexts.errors.bodyMissing)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(postTexts.invalid);
    expect(document.activeElement).toBe(field(postTexts.title));
    expect(api.createBlogPost).not.toHaveBeenCalled();
  });

  it('saves a draft with its categories and reports the new id', async () => {
    const props = setup(null);
    vi.mocked(api.createBlogPost).mockResolvedValue({ ...stored, id: 12, published_at: null });
    type(postTexts.title, 'Vinterklær');
    type(postTexts.body, '<p>Ull innerst.</p>');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tur' }));
    expect(props.onDirtyChange).toHaveBeenLastCalledWith(true);
    await submit(postTexts.save);
    expect(api.createBlogPost).toHaveBeenCalledWith({
      title: 'Vinterklær', slug: 'vinterklaer', body: '<p>Ull innerst.</p>', featured_image: null, main_article_id: null,
      related_article_ids: [], category_ids: [3], published: false,
    });
    expect(props.onSaved).toHaveBeenCalledWith({ key: 12, pending: false });
  });

  it("shows the API's refusal at its field", async () => {
    setup(null);
    vi.mocked(api.createBlogPost).mockRejectedValue(
      new ApiError({ kind: 'status', status: 400, message: 'x', data: { message: 'Ugyldig', errors: [{ field: 'slug', message: 'Adressen (slug) er allerede i bruk av et annet innlegg.' }] } }),
    );
    type(postTexts.title, 'Vinter');
    type(postTexts.body, '<p>Tekst</p>');
    await submit(postTexts.save);
    expect(screen.getByText('Adressen (slug) er allerede i bruk av et annet innlegg.')).toBeTruthy();
  });
});

const { save } = workspaceTexts;

describe('PostEditor, an existing post', () => {
  it('"Lagre og publiser": saves over the version it was loaded at and keeps the post published', async () => {
    const props = setup(item);
    vi.mocked(api.updateBlogPost).mockResolvedValue({ ...stored, title: 'Vinter i byen', version: 5 });
    expect((await screen.findByRole('checkbox', { name: 'Barn og familie' }) as HTMLInputElement).checked).toBe(true);
    type(postTexts.title, 'Vinter i byen');
    expect(field(postTexts.slug).value).toBe('vinter');
    await submit(save.live);
    const input = vi.mocked(api.updateBlogPost).mock.calls[0]![1];
    expect(input).toMatchObject({ title: 'Vinter i byen', slug: 'vinter', version: 4, published: true, category_ids: [2] });
    expect(input.pending).toBeUndefined();
    expect(props.onSaved).toHaveBeenCalledWith({ key: 7, pending: false });
  });

  it('a live post: the first button keeps the changes from shoppers (pending), and says so', async () => {
    const props = setup(item);
    vi.mocked(api.updateBlogPost).mockResolvedValue({ ...stored, title: 'Vinter i byen', version: 5, pending_changes: true });
    type(postTexts.title, 'Vinter i byen');
    const buttons = screen.getAllByRole('button').filter((b) => (b as HTMLButtonElement).type === 'submit');
    expect(buttons.map((b) => b.textContent)).toEqual([save.pending, save.live]);
    expect(screen.getByText(save.liveHint)).toBeTruthy();
    await submit(save.pending);
    expect(api.updateBlogPost).toHaveBeenCalledWith(7, expect.objectContaining({ title: 'Vinter i byen', version: 4, pending: true }));
    expect(props.onSaved).toHaveBeenCalledWith({ key: 7, pending: true });
  });

  it.each(['draft', 'scheduled', 'unpublished'] as const)('a %s post has one save button, which saves the post itself', async (status) => {
    setup({ ...item, status });
    vi.mocked(api.updateBlogPost).mockResolvedValue({ ...stored, version: 5 });
    expect(screen.queryByRole('button', { name: save.pending })).toBeNull();
    await submit(postTexts.saveExisting);
    expect(vi.mocked(api.updateBlogPost).mock.calls[0]![1].pending).toBeUndefined();
  });

  it('hands a 409 to the item screen with what was refused', async () => {
    const props = setup(item);
    const conflict: EditConflict = { message: 'Innlegget er endret av Ola Hansen kl. 14:05 (27.11.2026).', current_version: 5, changed_by: 'Ola Hansen', changed_at: '2026-11-27T13:05:00.000Z', current: stored };
    vi.mocked(api.updateBlogPost).mockRejectedValue(new ApiError({ kind: 'status', status: 409, message: 'x', data: conflict }));
    type(postTexts.title, 'Mitt forslag');
    await submit(save.pending);
    expect(props.onConflict).toHaveBeenCalledWith(conflict, expect.objectContaining({ title: 'Mitt forslag', version: 4, pending: true }));
    expect(props.onSaved).not.toHaveBeenCalled();
  });

  it('"Behold min versjon": starts from the refused input, dirty, and saves it over the version that won', async () => {
    const mine = { title: 'Mitt forslag', slug: 'vinter', body: '<p>Min tekst</p>', featured_image: null, main_article_id: null, related_article_ids: [], category_ids: [3], published: true, version: 4 };
    const props = setup({ ...item, version: 5 }, mine);
    vi.mocked(api.updateBlogPost).mockResolvedValue({ ...stored, version: 6 });
    expect(field(postTexts.title).value).toBe('Mitt forslag');
    expect(props.onDirtyChange).toHaveBeenLastCalledWith(true);
    await submit(save.live);
    expect(api.updateBlogPost).toHaveBeenCalledWith(7, { ...mine, version: 5 });
  });
});
