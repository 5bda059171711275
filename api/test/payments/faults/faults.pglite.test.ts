/** The payments fault suite (suite.ts) on the embedded database: one API process (its data directory admits one). */
import { faultSuiteOn } from './suite.js';

faultSuiteOn('pglite');
