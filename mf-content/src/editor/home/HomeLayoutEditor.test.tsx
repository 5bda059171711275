// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Category, ContentItem, EditorHomeLayout, EditorSession } from '@shop/contracts/types';
import { HomeLayoutEditor } from './HomeLayoutEditor.js';
import { homeTexts as t } from './texts.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return {
    ...actual,
    saveHomeLayout: vi.fn(),
    getCategories: vi.fn(),
    getBlogCategories: vi.fn(),
    getEditorBlogPosts: vi.fn(),
    getEditorImages: vi.fn(),
  };
});
// The preview is the shop's own page in a frame, which the test DOM does not load: what it is given is checked here.
vi.mock('./LayoutPreview.js', () => ({
  LayoutPreview: ({ name, version }: { name: string | null; version: number | null }) => <p data-testid="preview">{`${name}@${version}`}</p>,
}));
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const session: EditorSession = { id: 1, email: 'kari@staut.no', name: 'Kari', role: 'staff' };
const sko: Category = {
  id: 2, name: 'Sko', count: 3, banner: null, bannerLink: null, current_page: 1, last_page: 1, minPrice: 0, maxPrice: 0, availableProductlines: [],
  subcategories: [{ id: 21, parent: 2, name: 'Joggesko', minPrice: 0, maxPrice: 0, count: 3, groups: [] }],
};
const layout: EditorHomeLayout = {
  name: 'vinter',
  published: true,
  publish_from: null,
  publish_until: null,
  slots: { TopBanner: { Image: '/t.svg', ImageMobile: null, Link: '/sko', Title: 'Vinter', Text: null }, SubBanners: [], StoreSearch: null, PopularCategories: [], Grid3x3: [] },
};
const item: ContentItem = {
  type: 'home-layout', key: 'vinter', title: 'vinter', status: 'published', published_at: '2026-11-01T10:00:00.000Z', publish_until: null,
  updated_at: '2026-11-01T10:00:00.000Z', updated_by: 'Kari', version: 4, pending_changes: false, content: layout,
};

function setup(loaded: ContentItem | null = item) {
  const props = { onSaved: vi.fn(), onConflict: vi.fn(), onDirtyChange: vi.fn() };
  render(<HomeLayoutEditor type="home-layout" item={loaded} session={session} {...props} />);
  return props;
}
const topBanner = () => within(document.querySelector('[data-slot-editor="TopBanner"]') as HTMLElement);

beforeEach(() => {
  vi.mocked(api.getCategories).mockResolvedValue([sko]);
  vi.mocked(api.getBlogCategories).mockResolvedValue([]);
  vi.mocked(api.getEditorBlogPosts).mockResolvedValue([]);
  vi.mocked(api.saveHomeLayout).mockResolvedValue({} as never);
});
// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('HomeLayoutEditor', () => {
  it('saves the slots with the version it read and `published` as loaded; the link is chosen from the list', async () => {
    const props = setup();
    expect(screen.getByTestId('preview').textContent).toBe('vinter@4');
    const link = topBanner().getByLabelText(t.link) as HTMLSelectElement;
    await waitFor(() => expect(within(link).getByRole('option', { name: 'Joggesko' })).toBeTruthy());
    expect(link.value).toBe('/sko');
    fireEvent.change(link, { target: { value: '/sko/joggesko' } });
    fireEvent.change(topBanner().getByLabelText(t.title, { exact: true }), { target: { value: 'Joggesko på salg' } });
    expect(props.onDirtyChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith({ key: 'vinter' }));
    const [name, input] = vi.mocked(api.saveHomeLayout).mock.calls[0]!;
    expect(name).toBe('vinter');
    expect(input).toMatchObject({ published: true, version: 4 });
    expect((input.slots as { TopBanner: unknown }).TopBanner).toEqual({ Image: '/t.svg', ImageMobile: null, Link: '/sko/joggesko', Title: 'Joggesko på salg', Text: null });
  });

  it('says what the status means for the home page', async () => {
    setup({ ...item, status: 'scheduled', published_at: '2026-12-05T06:00:00.000Z', publish_until: '2026-12-07T22:00:00.000Z' });
    expect(screen.getByText(/^Planlagt: vises på forsiden fra .+ til .+\.$/)).toBeTruthy();
    // The link targets load meanwhile: the test ends once they are in (their update inside the test, not after it).
    await waitFor(() => expect(screen.queryByText(t.linksLoading)).toBeNull());
  });

  it('refuses to send a linked banner without a title, and shows the message at the field', async () => {
    setup();
    fireEvent.change(topBanner().getByLabelText(t.title, { exact: true }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.needsTitle)).toBeTruthy();
    expect(screen.getByText(t.invalid)).toBeTruthy();
    const title = topBanner().getByLabelText(t.title, { exact: true });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(api.saveHomeLayout).not.toHaveBeenCalled();
  });

  it("shows the API's refusal of a link at the slot's field", async () => {
    const message = 'Lenken «/sko» går til en side som ikke finnes';
    vi.mocked(api.saveHomeLayout).mockRejectedValue(new ApiError({ kind: 'status', status: 400, message: 'HTTP 400', data: { message: `${message}.`, errors: [{ field: 'TopBanner.Link', message }] } }));
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await topBanner().findByText(message)).toBeTruthy();
    expect(screen.getByText(`${message}.`)).toBeTruthy();
    expect(props.onSaved).not.toHaveBeenCalled();
  });

  it('hands a stale save to the item screen (409) with what was sent', async () => {
    const conflict = { message: 'Forsideoppsettet er endret av Ola', current_version: 5, changed_by: 'Ola', changed_at: '2026-11-27T12:00:00.000Z', current: layout };
    vi.mocked(api.saveHomeLayout).mockRejectedValue(new ApiError({ kind: 'status', status: 409, message: 'HTTP 409', data: conflict }));
    const props = setup();
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(props.onConflict).toHaveBeenCalled());
    expect(props.onConflict.mock.calls[0]![1]).toMatchObject({ version: 4, published: true });
  });

  it('a new layout needs a valid name, and is created unpublished under it', async () => {
    const props = setup(null);
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.nameMissing)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.nameLabel), { target: { value: 'black-friday' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(props.onSaved).toHaveBeenCalledWith({ key: 'black-friday' }));
    expect(vi.mocked(api.saveHomeLayout).mock.calls[0]![1]).toEqual(expect.objectContaining({ published: false }));
    expect(vi.mocked(api.saveHomeLayout).mock.calls[0]![1]).not.toHaveProperty('version');
    expect(screen.getByTestId('preview').textContent).toBe('null@null');
  });
});
