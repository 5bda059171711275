/**
 * The layout as shoppers will see it: the shop's own `/preview/{name}` (the home page's server rendering of this
 * layout, drafts included) in a frame at 1280 or 375 CSS pixels, scaled down to fit the column. A frame of the real
 * page rather than the home components rendered here: it is what the shop serves (its chrome, its CSS, the server
 * rendering), so what the editor sees cannot drift from the page. It shows the saved layout; `version` reloads it
 * after each save.
 */
import { useEffect, useRef, useState } from 'react';
import { previewPathFor } from '@shop/contracts/routes';
import { Button, Notice } from '../ui/index.js';
import { homeTexts as t } from './texts.js';
import styles from './home.module.css';

export const PREVIEW_WIDTHS = [1280, 375] as const;
const FRAME_HEIGHT = { 1280: 900, 375: 760 } as const;

export interface LayoutPreviewProps {
  name: string | null;
  version: number | null;
  dirty: boolean;
}

export function LayoutPreview({ name, version, dirty }: LayoutPreviewProps) {
  const [width, setWidth] = useState<(typeof PREVIEW_WIDTHS)[number]>(1280);
  const [room, setRoom] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, [name]);
  if (!name) return <Notice>{t.previewNew}</Notice>;
  const path = previewPathFor('home-layout', { name });
  const scale = room > 0 ? Math.min(1, room / width) : 1;
  const height = FRAME_HEIGHT[width];
  return (
    <section className={styles.preview} aria-labelledby="home-preview-title">
      <h2 id="home-preview-title" className={styles.previewTitle}>
        {t.previewTitle}
      </h2>
      <div className={styles.row} role="group" aria-label={t.previewWidth}>
        {PREVIEW_WIDTHS.map((w) => (
          <Button key={w} variant={w === width ? 'primary' : 'secondary'} small aria-pressed={w === width} onClick={() => setWidth(w)}>
            {w === 1280 ? t.previewDesktop : t.previewPhone}
          </Button>
        ))}
        <a className={styles.previewLink} href={path} target="_blank" rel="noopener">
          {t.previewOpen}
        </a>
      </div>
      {dirty && <p className={styles.hint}>{t.previewUnsaved}</p>}
      <div ref={box} className={styles.previewBox} style={{ height: Math.ceil(height * scale) }}>
        <iframe
          key={`${version}-${width}`}
          className={styles.previewFrame}
          src={path}
          title={t.previewFrame(name, width)}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
