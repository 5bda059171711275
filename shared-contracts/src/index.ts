/**
 * Everything of @shop/contracts. Stateful subpaths (bus, api) are re-exported through the package's own subpath
 * specifiers, not relative paths: Module Federation shares each subpath as its own singleton, and a relative import
 * here would bundle a second copy of the bus units and of the API client's configuration into this entry. The same
 * holds between subpaths: api, mappers, validation and routes import texts, constants, mappers and format by their
 * package specifiers, so the shell ships each of those once (relative imports put a copy of the texts into three of
 * its chunks, issue 8).
 */
import { registerContractsInstance } from './instance.js';

export * from '@shop/contracts/types';
export * from '@shop/contracts/bus';
export * from '@shop/contracts/api';
export * from '@shop/contracts/mappers';
export * from '@shop/contracts/format';
export * from '@shop/contracts/routes';
export * from '@shop/contracts/validation';
export * from '@shop/contracts/texts';
export * from '@shop/contracts/texts/forms';
export * from '@shop/contracts/constants';
export * from '@shop/contracts/ssr';
export { contractsInstanceCounts, registerContractsInstance, type ContractsModule } from './instance.js';

/** This module's evaluation id (see instance.ts). */
export const contractsInstanceId = registerContractsInstance('index');
