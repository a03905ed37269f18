import { Button, Container, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useEffectEvent, useState } from 'react';
import { CATEGORY_OPTIONS, DEFAULT_SORT, SORT_OPTIONS } from '../../server/domain/categories';
import { SHOP_PAGE_SIZE } from '../../server/domain/shop-page';
import { AddToCartButton } from '../features/cart/AddToCartButton';
import { ProductCard } from '../features/catalog/ProductCard';
import { ProductCardSkeleton } from '../features/catalog/ProductCardSkeleton';
import { parseShopSearch, shopQueryInput, type ShopSearch } from '../features/catalog/shop-search';
import { usePageMeta } from '../lib/page-meta';
import classes from './shop.module.css';
import { trpc } from '../lib/trpc';

const SKELETONS = 12; // docs/product.md section 9
const TYPING_PAUSE_MS = 350; // one request per word, not one per key

const shopRoute = getRouteApi('/shop');

export default function ShopPage() {
  usePageMeta('Our Craft Collection', 'Browse every handcrafted yarn bowl, cutting board, swirlette and accessory in the Turnery shop.');
  const filters = shopRoute.useSearch();
  const navigate = shopRoute.useNavigate();
  const setFilters = (change: Partial<ShopSearch>, replace = false) =>
    void navigate({ search: (previous) => parseShopSearch({ ...previous, ...change }), replace });

  const urlSearch = filters.search ?? '';
  const [text, setText] = useState(urlSearch);
  const [typed] = useDebouncedValue(text, TYPING_PAUSE_MS);
  // Typing settles into the URL (replacing the entry, so Back skips the keystrokes)...
  const typingSettled = useEffectEvent((value: string) => {
    if (value.trim() !== urlSearch.trim()) setFilters({ search: value }, true);
  });
  useEffect(() => typingSettled(typed), [typed]);
  // ...and the URL (Back, a shared link) puts its text into the box.
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  if (urlSearch !== shownUrlSearch) {
    setShownUrlSearch(urlSearch);
    if (urlSearch.trim() !== typed.trim()) setText(urlSearch);
  }

  const category = filters.category ?? 'all';
  const sort = filters.sort ?? DEFAULT_SORT;
  // The first SHOP_PAGE_SIZE cards, then as many more each time the shopper asks; new filters start again.
  const [limit, setLimit] = useState(SHOP_PAGE_SIZE);
  const filterKey = `${urlSearch}|${category}|${sort}`;
  const [limitFor, setLimitFor] = useState(filterKey);
  if (filterKey !== limitFor) {
    setLimitFor(filterKey);
    setLimit(SHOP_PAGE_SIZE);
  }
  const products = trpc.products.shopPage.useQuery(shopQueryInput(filters, limit), { placeholderData: keepPreviousData });
  // The cards are rendered in a background render that yields to the browser every few milliseconds, not in
  // one long task when the data arrives (a phone's total blocking time); skeletons show meanwhile.
  const shown = useDeferredValue(products.data);
  const cards = shown?.products ?? [];
  const total = products.data?.total ?? 0;

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>Our Craft Collection</Title>
        <div className={classes.filters}>
          <TextInput
            className={classes.search}
            type="search"
            label="Search"
            placeholder="Search products..."
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={200}
          />
          <NativeSelect
            className={classes.select}
            label="Category"
            value={category}
            onChange={(event) => setFilters({ category: event.currentTarget.value as ShopSearch['category'] })}
            data={CATEGORY_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          />
          <NativeSelect
            className={classes.select}
            label="Sort by"
            value={sort}
            onChange={(event) => setFilters({ sort: event.currentTarget.value as ShopSearch['sort'] })}
            data={SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          />
        </div>
        <VisuallyHidden role="status">{products.isSuccess ? `${total} ${total === 1 ? 'product' : 'products'} found` : ''}</VisuallyHidden>
        {products.isError ? (
          <Text c="red.9" role="alert">
            The products could not be loaded. Please try again in a moment.
          </Text>
        ) : shown === undefined ? (
          <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }} aria-busy>
            {Array.from({ length: SKELETONS }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </SimpleGrid>
        ) : cards.length === 0 ? (
          <Text ta="center" py="xl" fz="lg">
            No products found matching your criteria.
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 2, md: 3, lg: 4 }}
            spacing={{ base: 'sm', sm: 'lg' }}
            aria-busy={products.isFetching}
            style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            data-testid="shop-grid"
          >
            {cards.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                eager={index < 4}
                showStock
                grid="shop"
                action={<AddToCartButton product={product} fullWidth />}
              />
            ))}
          </SimpleGrid>
        )}
        {shown && shown.total > cards.length ? (
          <Stack align="center" gap="xs">
            <Text c="dimmed" size="sm">
              Showing {cards.length} of {shown.total} products
            </Text>
            <Button variant="outline" loading={products.isFetching} onClick={() => setLimit(cards.length + SHOP_PAGE_SIZE)}>
              Show more products
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
