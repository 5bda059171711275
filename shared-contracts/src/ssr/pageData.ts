/**
 * The page's server-rendered data travels in ONE element: `<script type="application/json" id="shop-page-data">`,
 * written once by the shell's server renderer and read once by the shell's bootstrap.
 */
export const PAGE_DATA_ELEMENT_ID = 'shop-page-data';
