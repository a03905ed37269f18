// The products module's front door: all that other modules and the server's other parts may import from it
// (docs/architecture.md; the lint refuses an import of any other file of the module).
export { Product } from './product.entity';
export { productsAdminRouter } from './products.admin.router';
export { productsRouter } from './products.router';
export { productImage, productsForPricing, shopFirstImages, sitemapProducts } from './products.service';
export { variantsForPricing } from './variants';
