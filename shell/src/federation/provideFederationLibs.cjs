// The federation libraries the production remotes do not bundle (rspack.base.mjs federationLibExternals): the shell's
// own copies — the same files its bundler runtime already uses, required the same way (CommonJS), so nothing is
// bundled twice — put where the remotes' entries look for them. Runs in the shell's main chunk, before any remote.
// CommonJS on purpose: an ESM import would resolve the packages' ESM builds, a second copy next to the runtime's.
window.__SHOP_FEDERATION_LIBS__ = {
  sdk: require('@module-federation/sdk'),
  errorCodes: require('@module-federation/error-codes'),
  bundler: {
    remotes: require('@shop/federation-bundler-runtime-dist/remotes.cjs'),
    consumes: require('@shop/federation-bundler-runtime-dist/consumes.cjs'),
    initializeSharing: require('@shop/federation-bundler-runtime-dist/initializeSharing.cjs'),
    installInitialConsumes: require('@shop/federation-bundler-runtime-dist/installInitialConsumes.cjs'),
    initContainerEntry: require('@shop/federation-bundler-runtime-dist/initContainerEntry.cjs'),
    getSharedFallbackGetter: require('@shop/federation-bundler-runtime-dist/getSharedFallbackGetter.cjs'),
    attachShareScopeMap: require('@shop/federation-bundler-runtime-dist/attachShareScopeMap.cjs'),
    updateOptions: require('@shop/federation-bundler-runtime-dist/updateOptions.cjs'),
    constant: require('@shop/federation-bundler-runtime-dist/constant.cjs'),
    getUsedExports: require('@shop/federation-bundler-runtime-dist/getUsedExports.cjs'),
  },
};
