// One place that names the product picker the post editor and the product-card dialog use.
export { ProductPicker } from '../products/ProductPicker.js';
