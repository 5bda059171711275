// What the shop's front ends import from effector-react: useUnit. Aliased and shared like effector-subset.mjs (see
// there): effector-react is one module too, and sharing it whole kept Provider, gates, useList, useStoreMap,
// connect… and the effector code only they use, in every first view. The build fails on a missing export
// (SubsetImportsPlugin in rspack.base.mjs).
export { useUnit } from 'effector-react/effector-react.mjs';
