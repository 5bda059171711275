// The federation libraries the production remotes do not bundle (rspack.base.mjs federationLibExternals): the shell's
// own copies — the same files its bundler runtime already uses, imported the same way (their ESM builds, see
// federationRuntimeEsmAliases), so nothing is bundled twice — put where the remotes' entries look for them. Runs in
// the shell's main chunk, before any remote. Namespace objects: a remote may use any export of these modules.
import * as sdk from '@module-federation/sdk';
import * as errorCodes from '@module-federation/error-codes';
import * as remotes from '@shop/federation-bundler-runtime-dist/remotes.js';
import * as consumes from '@shop/federation-bundler-runtime-dist/consumes.js';
import * as initializeSharing from '@shop/federation-bundler-runtime-dist/initializeSharing.js';
import * as installInitialConsumes from '@shop/federation-bundler-runtime-dist/installInitialConsumes.js';
import * as initContainerEntry from '@shop/federation-bundler-runtime-dist/initContainerEntry.js';
import * as getSharedFallbackGetter from '@shop/federation-bundler-runtime-dist/getSharedFallbackGetter.js';
import * as attachShareScopeMap from '@shop/federation-bundler-runtime-dist/attachShareScopeMap.js';
import * as updateOptions from '@shop/federation-bundler-runtime-dist/updateOptions.js';
import * as constant from '@shop/federation-bundler-runtime-dist/constant.js';
import * as getUsedExports from '@shop/federation-bundler-runtime-dist/getUsedExports.js';

window.__SHOP_FEDERATION_LIBS__ = {
  sdk,
  errorCodes,
  bundler: {
    remotes,
    consumes,
    initializeSharing,
    installInitialConsumes,
    initContainerEntry,
    getSharedFallbackGetter,
    attachShareScopeMap,
    updateOptions,
    constant,
    getUsedExports,
  },
};
