import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $favourites, remoteFailed } from '@shop/contracts/bus';
import type { Article } from '@shop/contracts/types';
import { $favouriteArticles, $missingFavouriteIds, loadFavouriteArticlesFx } from './model.js';

const article = { id: 196, name: 'Besseggen fingervanter dame', slug: 'besseggen-fingervanter-dame' } as Article;

describe('favourite articles after a failure of this remote', () => {
  it('are dropped when a piece of mf_account fails, so "Prøv igjen" loads them again', async () => {
    const scope = fork({ values: [[$favourites, [196]]], handlers: [[loadFavouriteArticlesFx, () => [article]]] });
    await allSettled(loadFavouriteArticlesFx, { scope, params: [196] });
    expect(scope.getState($missingFavouriteIds)).toEqual([]);
    await allSettled(remoteFailed, { scope, params: { remote: 'mf_content', module: 'HomePage', message: 'boom' } });
    expect(scope.getState($favouriteArticles)).toEqual([article]);
    await allSettled(remoteFailed, { scope, params: { remote: 'mf_account', module: 'FavouritesPage', message: 'boom' } });
    expect(scope.getState($favouriteArticles)).toEqual([]);
    expect(scope.getState($missingFavouriteIds)).toEqual([196]);
  });
});
