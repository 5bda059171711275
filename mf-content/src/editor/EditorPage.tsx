import { loaderHeadContext, type PageLoader } from '@shop/contracts/ssr';
import { editorHead } from './head.js';
import { WorkspacePage } from './workspace/WorkspacePage.js';

/** Head only (noindex): the workspace is one staff member's, read in the browser. */
export const loader: PageLoader = async (context) => ({ head: editorHead(await loaderHeadContext(context)) });

/** /redaksjon/*: the editors' workspace (workspace/WorkspacePage). */
export default WorkspacePage;
