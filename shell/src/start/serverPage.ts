import { PAGE_DATA_ELEMENT_ID } from '@shop/contracts/ssr';

/** Whether the page in the browser was rendered by the server (it carries PageData): its first render hydrates it. */
export function hydratingServerPage(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PAGE_DATA_ELEMENT_ID) !== null;
}
