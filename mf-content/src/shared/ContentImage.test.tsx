// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { imageUrl } from '@shop/contracts/images';
import { ContentImage } from './ContentImage.js';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe('ContentImage', () => {
  it.each(['/api/v1/images/blog/fjelltur.svg', 'https://cdn.example/bilde.jpg'])('shows %s as the plain <img> it always was', (src) => {
    const { container } = render(<ContentImage src={src} alt="" loading="lazy" />);
    expect(container.children).toHaveLength(1);
    const img = container.firstElementChild!;
    expect(img.tagName).toBe('IMG');
    expect(Object.fromEntries([...img.attributes].map((a) => [a.name, a.value]))).toEqual({ src, alt: '', loading: 'lazy' });
  });

  it('shows an uploaded image as a <picture> of its AVIF and WebP sizes up to the chosen one', () => {
    const { container } = render(<ContentImage src={imageUrl(ID, 960, 'webp')} alt="Fjell" className="bilde" maxWidth={720} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe([320, 640, 960].map((w) => `${imageUrl(ID, w, 'avif')} ${w}w`).join(', '));
    expect(sources[0]!.getAttribute('sizes')).toBe('(max-width: 720px) 100vw, 720px');
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(imageUrl(ID, 640, 'webp'));
    expect(img.getAttribute('srcset')).toBe([320, 640, 960].map((w) => `${imageUrl(ID, w, 'webp')} ${w}w`).join(', '));
    expect([img.getAttribute('alt'), img.getAttribute('class')]).toEqual(['Fjell', 'bilde']);
  });
});
