import { afterEach, describe, expect, it } from 'vitest';
import { loadPiece, pieceLoadFx } from './index.js';

describe('loadPiece: remote pieces through the shell’s loader', () => {
  const noLoader = pieceLoadFx.use.getCurrent();
  afterEach(() => {
    pieceLoadFx.use(noLoader);
  });

  it('fails, naming the piece, until the shell provides its loader', async () => {
    await expect(loadPiece({ remote: 'mf_catalog', module: 'ProductCard' })).rejects.toThrow('mf_catalog/ProductCard');
  });

  it("hands the piece to the shell's loader and answers with its module", async () => {
    const module = { default: () => null };
    const asked: unknown[] = [];
    pieceLoadFx.use(async (piece) => {
      asked.push(piece);
      return module;
    });
    await expect(loadPiece({ remote: 'mf_catalog', module: 'ProductCard' })).resolves.toBe(module);
    expect(asked).toEqual([{ remote: 'mf_catalog', module: 'ProductCard' }]);
  });
});
