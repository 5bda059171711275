import { persist } from 'effector-storage/local';
import { $favourites, favouriteToggled } from '@shop/contracts/bus';
import { isFavouriteList, toggleFavourite } from './rules.js';

$favourites.on(favouriteToggled, toggleFavourite);

// "favourites" is one of the spec's shared-state keys (SPEC §3): kept in localStorage and synced across tabs.
persist({ store: $favourites, key: 'favourites', sync: true, contract: isFavouriteList });
