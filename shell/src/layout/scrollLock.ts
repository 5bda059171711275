/**
 * Locks page scroll while an overlay (the open mobile menu) covers it: the root and body stop scrolling, the
 * overlay keeps its own scroll. Returns the unlock, which puts back exactly what was there before.
 */
export function lockPageScroll(doc: Document = document): () => void {
  const root = doc.documentElement;
  const body = doc.body;
  const before = { root: root.style.overflow, body: body.style.overflow };
  root.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  root.dataset.scrollLocked = 'true';
  return () => {
    root.style.overflow = before.root;
    body.style.overflow = before.body;
    delete root.dataset.scrollLocked;
  };
}
