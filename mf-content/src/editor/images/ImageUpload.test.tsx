// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { imageUploadTexts } from '@shop/contracts/texts';
import type { EditorImage } from '@shop/contracts/types';
import { checkUpload, fileSize, ImageUpload } from './ImageUpload.js';

vi.mock('@shop/contracts/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@shop/contracts/api')>();
  return { ...actual, uploadEditorImage: vi.fn() };
});
const api = await import('@shop/contracts/api');
const { ApiError } = api;

const stored: EditorImage = { id: 'AbCdEfGhIjKlMnOpQrStUv', alt: 'Blå jakke', width: 800, height: 600, bytes: 2048, uploaded_by: 'Stine Redaktør', created_at: '2026-11-27T10:00:00.000Z' };
const jpeg = (name = 'jakke.jpg', type = 'image/jpeg', size = 2048) => {
  const file = new File([new Uint8Array(Math.min(size, 4096))], name, { type });
  if (size > 4096) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function setup() {
  const onUploaded = vi.fn();
  render(<ImageUpload onUploaded={onUploaded} />);
  const fileInput = screen.getByLabelText('Velg bilde') as HTMLInputElement;
  const alt = screen.getByLabelText('Alternativ tekst') as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Last opp' });
  const pick = (file: File) => fireEvent.change(fileInput, { target: { files: [file] } });
  return { onUploaded, fileInput, alt, button, pick };
}

/** A promise the test settles, to look at the field while the upload is under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

// Unmount before the reset (hooks run last-registered first): a pending effect must not call a reset mock.
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('checkUpload (what the field says before sending)', () => {
  it.each([
    ['no file', null, 'Jakke', { file: imageUploadTexts.fileMissing }],
    ['a GIF', jpeg('a.gif', 'image/gif'), 'Jakke', { file: imageUploadTexts.badType }],
    ['an SVG', jpeg('a.svg', 'image/svg+xml'), 'Jakke', { file: imageUploadTexts.badType }],
    ['a JPEG a byte over 10 MB', jpeg('a.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1), 'Jakke', { file: imageUploadTexts.tooLarge }],
    ['a JPEG of exactly 10 MB', jpeg('a.jpg', 'image/jpeg', 10 * 1024 * 1024), 'Jakke', {}],
    ['a PNG with a blank alt text', jpeg('a.png', 'image/png'), '   ', { alt: imageUploadTexts.altMissing }],
    ['a WebP with 301 characters of alt text', jpeg('a.webp', 'image/webp'), 'x'.repeat(301), { alt: imageUploadTexts.altTooLong }],
    ['nothing at all', null, '', { file: imageUploadTexts.fileMissing, alt: imageUploadTexts.altMissing }],
  ])('%s', (_name, file, alt, expected) => {
    expect(checkUpload(file, alt)).toEqual(expected);
  });

  it.each([
    [500, '1 kB'],
    [850 * 1024, '850 kB'],
    [2.44 * 1024 * 1024, '2,4 MB'],
  ])('fileSize(%s) = %s', (bytes, text) => {
    expect(fileSize(bytes)).toBe(text);
  });
});

describe('ImageUpload', () => {
  it('uploads a picked file with its alt text, shows the progress and hands over the stored image', async () => {
    const { onUploaded, alt, button, pick } = setup();
    const answer = deferred<EditorImage>();
    let progress: ((sent: number) => void) | undefined;
    vi.mocked(api.uploadEditorImage).mockImplementation((_file, _alt, opts) => {
      progress = opts?.onProgress;
      return answer.promise;
    });
    const file = jpeg();
    pick(file);
    expect(screen.getByText('Valgt: jakke.jpg (2 kB)')).toBeTruthy();
    fireEvent.change(alt, { target: { value: '  Blå jakke  ' } });
    fireEvent.click(button);

    expect(api.uploadEditorImage).toHaveBeenCalledWith(file, 'Blå jakke', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    act(() => progress!(0.45));
    expect(screen.getByRole('status').textContent).toContain('Laster opp … 45 %');
    expect((screen.getByRole('button', { name: 'Last opp' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => progress!(1));
    expect(screen.getByRole('status').textContent).toContain('Lager bildestørrelser …');

    await act(async () => answer.resolve(stored));
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(screen.getByRole('status').textContent).toBe('Bildet er lastet opp.');
    expect(alt.value).toBe('');
    expect(screen.queryByText(/Valgt:/)).toBeNull();
  });

  it('takes a file dropped on the field', () => {
    setup();
    const zone = screen.getByTestId('image-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [jpeg('fjell.png', 'image/png')] } });
    expect(screen.getByText('Valgt: fjell.png (2 kB)')).toBeTruthy();
    expect((screen.getByLabelText('Velg et annet bilde') as HTMLInputElement).type).toBe('file');
  });

  it('says at once that a GIF will not do, and sends nothing', () => {
    const { fileInput, alt, button, pick } = setup();
    pick(jpeg('dans.gif', 'image/gif'));
    expect(screen.getByRole('alert').textContent).toBe(imageUploadTexts.badType);
    expect(fileInput.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(alt, { target: { value: 'Dans' } });
    fireEvent.click(button);
    expect(api.uploadEditorImage).not.toHaveBeenCalled();
  });

  it('requires the alt text: the message is at the field, which gets the focus', () => {
    const { alt, button, pick } = setup();
    pick(jpeg());
    fireEvent.click(button);
    expect(api.uploadEditorImage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(imageUploadTexts.altMissing);
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(alt.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(document.activeElement).toBe(alt);
  });

  it("shows the server's Norwegian refusal at the field it concerns", async () => {
    const { alt, pick, button } = setup();
    const message = imageUploadTexts.tooManyPixels;
    vi.mocked(api.uploadEditorImage).mockRejectedValue(new ApiError({ kind: 'status', status: 413, message: 'Request failed with status code 413', data: { message, errors: [{ field: 'file', message }] } }));
    pick(jpeg());
    fireEvent.change(alt, { target: { value: 'Panorama' } });
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toBe(message);
    // The chosen file and the text stay, to try another file without writing it again.
    expect(alt.value).toBe('Panorama');
  });

  it('shows a refusal without a field, and a failure without a message, below the buttons', async () => {
    const { alt, pick, button } = setup();
    vi.mocked(api.uploadEditorImage).mockRejectedValueOnce(new ApiError({ kind: 'status', status: 403, message: 'x', data: { message: 'Kontoen din har ikke tilgang til redaksjonen.' } }));
    pick(jpeg());
    fireEvent.change(alt, { target: { value: 'Jakke' } });
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toBe('Kontoen din har ikke tilgang til redaksjonen.');
    vi.mocked(api.uploadEditorImage).mockRejectedValueOnce(new ApiError({ kind: 'network', message: 'Network Error' }));
    await act(async () => fireEvent.click(button));
    expect(screen.getByRole('alert').textContent).toBe('Opplastingen feilet. Prøv igjen.');
  });

  it('works from the keyboard: the file input is a labelled control, and Enter in the alt text uploads (never submits a form around it)', async () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    const onUploaded = vi.fn();
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <ImageUpload onUploaded={onUploaded} />
      </form>,
    );
    const fileInput = screen.getByLabelText('Velg bilde') as HTMLInputElement;
    expect(fileInput.type).toBe('file');
    expect(fileInput.accept).toBe('image/jpeg,image/png,image/webp');
    expect(fileInput.tabIndex).not.toBe(-1);
    vi.mocked(api.uploadEditorImage).mockResolvedValue(stored);
    fireEvent.change(fileInput, { target: { files: [jpeg()] } });
    const alt = screen.getByLabelText('Alternativ tekst');
    fireEvent.change(alt, { target: { value: 'Blå jakke' } });
    await act(async () => fireEvent.keyDown(alt, { key: 'Enter' }));
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(onSubmit).not.toHaveBeenCalled();
    for (const button of screen.getAllByRole('button')) expect(button.getAttribute('type')).toBe('button');
  });

  it('can cancel an upload under way', async () => {
    const { alt, pick, button } = setup();
    vi.mocked(api.uploadEditorImage).mockImplementation(
      (_file, _alt, opts) =>
        new Promise((_resolve, reject) => opts?.signal?.addEventListener('abort', () => reject(new ApiError({ kind: 'aborted', message: 'Request aborted' })))),
    );
    pick(jpeg());
    fireEvent.change(alt, { target: { value: 'Jakke' } });
    fireEvent.click(button);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Avbryt' })));
    expect(screen.getByRole('status').textContent).toBe('Opplastingen ble avbrutt.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
